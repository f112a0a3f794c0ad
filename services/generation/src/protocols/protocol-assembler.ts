import type { ChecklistStep, ProtocolCitation } from '@cairn/contracts';
import type { Intent } from '@cairn/rules';
import type { CitedStep } from '../grounding/grounding-check.js';
import { stripSourceLabels } from '../sources/source-labels.js';
import type { Source } from '../sources/source.js';

export const DEFAULT_REGION = 'Global';
export const DEFAULT_ORGANIZATION = 'Cairn';
export const MAX_CITATIONS = 6;

export interface ProtocolResponse {
  title: string;
  intent: Intent;
  region: string;
  year: number;
  organization: string;
  lastUpdated: string;
  checklist: ChecklistStep[];
  citations: Citation[];
}

/** A cited source; one from a hospital library names the organisation, for its badge. */
export type Citation = ProtocolCitation & { hospital?: string };

const ACRONYM = /^(?:[A-Z0-9]{2,}|COVID-19|[A-Z]+-\d+)$/;

/** "dengue symptoms" → "Dengue Symptoms"; acronyms (CPR, COVID-19, FAST) stay as written. */
function titleFromQuery(query: string): string {
  const words = query.replace(/\s+/g, ' ').trim().replace(/[?.!]+$/, '').split(' ');
  return words.map((word) => (ACRONYM.test(word) ? word : word.charAt(0).toUpperCase() + word.slice(1))).join(' ');
}

function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max).replace(/\s+\S*$/, '').replace(/[\s,;:]+$/, '')}...`;
}

const distinct = (values: string[]) => [...new Set(values.filter(Boolean))];

/** A source known only by its number ("Source 2") names no document worth repeating. */
const PLACEHOLDER_TITLE = /^Source \d+$/;

function fallbackExplanation(source: Source): string {
  const document = source.section || (PLACEHOLDER_TITLE.test(source.title) ? '' : source.title);
  return [source.organization, document].filter(Boolean).join(' guidance: ');
}

export interface AssembleInput {
  query: string;
  intent: Intent;
  sources: Source[];
  steps: CitedStep[];
  generatedTitle?: string;
  region?: string | null;
  year?: number | null;
  now?: Date;
}

/** The protocol the client reads: numbered steps, the sources they cite, and the spec's defaults. */
export function assembleProtocol(input: AssembleInput): ProtocolResponse {
  const now = input.now ?? new Date();
  const byId = new Map(input.sources.map((source) => [source.id, source]));
  const cited = distinct(input.steps.flatMap((step) => step.citations.map(String)))
    .map(Number)
    .filter((id) => byId.has(id))
    .sort((a, b) => a - b)
    .slice(0, MAX_CITATIONS);
  const citedSources = cited.map((id) => byId.get(id)!);
  const organizations = distinct(citedSources.map((source) => source.organization));
  const regions = distinct(citedSources.map((source) => source.region));
  return {
    title: input.generatedTitle?.trim() || titleFromQuery(input.query),
    intent: input.intent,
    region: input.region?.trim() || (regions.length === 1 ? regions[0] : DEFAULT_REGION),
    year: input.year ?? now.getFullYear(),
    organization: organizations.length > 0 ? organizations.join(', ') : DEFAULT_ORGANIZATION,
    lastUpdated: now.toISOString().slice(0, 10),
    checklist: input.steps
      .filter((step) => cited.includes(step.citation))
      .map((step, index) => ({
        step: index + 1,
        text: stripSourceLabels(step.text),
        explanation: shorten(stripSourceLabels(step.explanation) || fallbackExplanation(byId.get(step.citation)!), 240),
        citation: step.citation,
        citations: step.citations.filter((id) => cited.includes(id)),
      })),
    citations: citedSources.map((source) => ({
      id: source.id,
      source: source.section && source.section !== source.title ? `${source.title} — ${source.section}` : source.title,
      organization: source.organization || DEFAULT_ORGANIZATION,
      year: source.year,
      region: source.region || DEFAULT_REGION,
      url: source.url,
      excerpt: shorten(source.text.replace(/\s+/g, ' '), 240),
      ...(source.page && { page: source.page }),
      ...(source.hospital && { hospital: source.hospital }),
    })),
  };
}
