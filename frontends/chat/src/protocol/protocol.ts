import { INTENTS, classifyIntent, isEntry, text, type Entry, type Intent } from '@cairn/frontend-shared';

/** docs/product-spec.md §3 "Step thread message". */
export interface StepThreadMessage {
  id: string;
  type: 'user' | 'assistant';
  content: string;
  timestamp: string;
}

export interface ProtocolStep {
  id: string;
  step: string;
  explanation: string;
  /** Number of the source the step comes from. */
  citation: number | null;
  citations: number[];
  /** The step's discussion, saved with the conversation. */
  thread?: StepThreadMessage[];
}

export interface ProtocolCitation {
  id: number;
  source: string;
  organization: string;
  year: string | number | null;
  region: string;
  url: string;
  excerpt: string;
  /** A source from a hospital library: the organisation's name. */
  hospital?: string;
  /** The uploaded file the source was read from, where search named it. */
  sourceFile?: string;
}

export interface ProtocolData {
  title: string;
  region: string;
  year: string | number;
  organization: string;
  intent: Intent;
  lastUpdated: string;
  steps: ProtocolStep[];
  citations: ProtocolCitation[];
}

/** docs/product-spec.md §9 defaults. */
export const DEFAULT_REGION = 'Global';
export const DEFAULT_ORGANIZATION = 'Cairn';


/** 2, '2', '[2]' or 'Source 2'. */
const sourceNumber = (value: unknown): number | null => {
  const number = typeof value === 'string' ? Number(/^\s*\[?(?:source\s*)?(\d{1,3})\]?\s*$/i.exec(value)?.[1] ?? NaN) : value;
  return typeof number === 'number' && Number.isInteger(number) && number > 0 ? number : null;
};

const sourceNumbers = (value: unknown): number[] =>
  Array.isArray(value) ? value.map(sourceNumber).filter((number): number is number => number !== null) : [];

const isIntent = (value: unknown): value is Intent => INTENTS.includes(value as Intent);

/** docs/product-spec.md §4: the intent comes from the query's keywords; the generator's own guess fills in for 'general'. */
export function resolveIntent(query: string, generatedIntent: unknown): Intent {
  const fromQuery = classifyIntent(query);
  if (fromQuery !== 'general') return fromQuery;
  return isIntent(generatedIntent) ? generatedIntent : 'general';
}

function readStep(entry: Entry, index: number): ProtocolStep | null {
  const step = text(entry.text) ?? (typeof entry.step === 'string' ? text(entry.step) : null);
  if (!step) return null;
  return {
    id: `step_${index + 1}`,
    step,
    explanation: text(entry.explanation) ?? '',
    citation: sourceNumber(entry.citation),
    citations: sourceNumbers(entry.citations),
    ...(Array.isArray(entry.thread) && entry.thread.length > 0 ? { thread: readThread(entry.thread) } : {}),
  };
}

function readThread(entries: unknown[]): StepThreadMessage[] {
  return entries.filter(isEntry).flatMap((entry, index) => {
    const content = text(entry.content);
    if (!content || (entry.type !== 'user' && entry.type !== 'assistant')) return [];
    return [{ id: text(entry.id) ?? `thread_${index}`, type: entry.type, content, timestamp: text(entry.timestamp) ?? new Date(0).toISOString() }];
  });
}

function readCitation(entry: Entry, index: number): ProtocolCitation {
  const hospital = text(entry.hospital);
  const sourceFile = text(entry.sourceFile) ?? text(entry.source_file);
  return {
    id: sourceNumber(entry.id) ?? index + 1,
    source: text(entry.source) ?? text(entry.title) ?? `Source ${index + 1}`,
    organization: text(entry.organization) ?? '',
    year: typeof entry.year === 'number' ? entry.year : text(entry.year),
    region: text(entry.region) ?? '',
    url: text(entry.url) ?? '',
    excerpt: text(entry.excerpt) ?? '',
    ...(hospital && { hospital }),
    ...(sourceFile && { sourceFile }),
  };
}

const entries = (value: unknown): Entry[] => (Array.isArray(value) ? value.filter(isEntry) : []);

/** Reads the generator's answer into the protocol the card shows, with the docs/product-spec.md §9 defaults. */
export function readProtocol(body: Entry, query: string, now: Date): ProtocolData {
  const steps = entries(body.checklist)
    .map(readStep)
    .filter((step): step is ProtocolStep => step !== null)
    .map((step, index) => ({ ...step, id: `step_${index + 1}` }));
  return {
    title: text(body.title) ?? query,
    region: text(body.region) ?? DEFAULT_REGION,
    year: typeof body.year === 'number' ? body.year : (text(body.year) ?? now.getFullYear()),
    organization: text(body.organization) ?? DEFAULT_ORGANIZATION,
    intent: resolveIntent(query, body.intent),
    lastUpdated: text(body.lastUpdated) ?? now.toISOString(),
    steps,
    citations: entries(body.citations).map(readCitation),
  };
}

/** The checklist in the generator's shape, which saved protocols and conversations keep. */
export const toChecklist = (steps: ProtocolStep[]) =>
  steps.map((step, index) => ({
    step: index + 1,
    text: step.step,
    explanation: step.explanation,
    citation: step.citation,
    citations: step.citations,
    ...(step.thread?.length ? { thread: step.thread } : {}),
  }));

/** `protocol_data` of a saved protocol or a saved message. */
export const toProtocolPayload = (protocol: ProtocolData) => ({ ...protocol, checklist: toChecklist(protocol.steps) });

/** The source numbers a step's markers show: its own citation first, then the others, once each. */
export function stepCitationNumbers(step: ProtocolStep): number[] {
  const numbers = step.citation === null ? step.citations : [step.citation, ...step.citations];
  return [...new Set(numbers)];
}

/** The hospital whose library the protocol draws on, if any of its sources is from one. */
export const protocolHospital = (protocol: Pick<ProtocolData, 'citations'>): string | null => protocol.citations.find((citation) => citation.hospital)?.hospital ?? null;

export const countLabel = (count: number, noun: string): string => `${count} ${count === 1 ? noun : `${noun}s`}`;

/** 'March 5, 2025' for a date; any other text (e.g. '2024') as it is. */
export function lastUpdatedLabel(value: string): string {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!day && !/^\d{4}-\d{2}-\d{2}T/.test(value)) return value;
  // A bare date is a calendar day, not UTC midnight.
  const date = day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
}
