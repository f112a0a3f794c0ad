import type { CitationEntry } from '../protocols/protocol.schemas.js';
import { readSourceLabel } from './source-labels.js';
import { year, type Source } from './source.js';

/** An excerpt whose list was run into one line ("… onset. - Also …") with its items on their own lines again. */
export const withListItems = (excerpt: string) => excerpt.replace(/(^|[.!?:])\s*[-•*]\s+(?=\S)/g, (_, end: string) => `${end}\n- `).trim();

/** Citations a client sends back (protocol or message citations) as numbered sources, keeping their ids. */
export function citationsAsSources(citations: CitationEntry[]): Source[] {
  return citations.flatMap((citation, index) => {
    if (typeof citation === 'string') {
      const label = readSourceLabel(citation);
      const text = withListItems(label.text);
      const topic = label.topic;
      const id = label.number ?? index + 1;
      return text ? [{ id, text, title: topic ?? `Source ${id}`, organization: '', year: null, region: '', url: '', section: '' }] : [];
    }
    const text = withListItems(readSourceLabel(citation.excerpt ?? citation.source ?? '').text);
    if (!text) return [];
    const id = Number(citation.id);
    return [
      {
        id: Number.isInteger(id) && id > 0 ? id : index + 1,
        text,
        title: (citation.title ?? citation.source ?? `Source ${index + 1}`).trim(),
        organization: citation.organization ?? '',
        year: year(citation.year),
        region: citation.region ?? '',
        url: citation.url ?? citation.source_url ?? '',
        section: '',
        ...(citation.hospital && { hospital: citation.hospital }),
      },
    ];
  });
}

/** Adds a protocol's steps to the text of the sources they cite, so answers can quote them too. */
export function withProtocolSteps(sources: Source[], protocol: unknown): Source[] {
  const steps = readSteps(protocol);
  return sources.map((source) => {
    const cited = steps.filter((step) => step.citation === source.id).map((step) => [step.text, step.explanation].filter(Boolean).join(' '));
    return cited.length ? { ...source, text: `${source.text}\n${cited.join('\n')}` } : source;
  });
}

function readSteps(protocol: unknown): { text: string; explanation: string; citation: number }[] {
  const parsed = typeof protocol === 'string' ? safeJson(protocol) : protocol;
  if (!parsed || typeof parsed !== 'object') return [];
  const record = parsed as Record<string, unknown>;
  const list = (record.checklist ?? record.steps) as unknown;
  if (!Array.isArray(list)) return [];
  return list.flatMap((step) => {
    if (!step || typeof step !== 'object') return [];
    const entry = step as Record<string, unknown>;
    const text = typeof entry.text === 'string' ? entry.text : typeof entry.step === 'string' ? entry.step : '';
    return text ? [{ text, explanation: typeof entry.explanation === 'string' ? entry.explanation : '', citation: Number(entry.citation) }] : [];
  });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * The citations a chat request names: its list, each plain-text entry completed from the protocol's
 * own citation at the same place (its document's title, organization, year and link), or the
 * protocol's citations when the list is empty.
 */
export function requestCitations(list: CitationEntry[], protocol: unknown): CitationEntry[] {
  const own = protocolCitations(protocol);
  if (list.length === 0) return own;
  return list.map((entry, index) => {
    const document = own[index];
    if (typeof entry !== 'string' || !document || typeof document === 'string') return entry;
    return { ...document, excerpt: entry };
  });
}

/** Citations of the protocol itself, when the client sent no separate list. */
export function protocolCitations(protocol: unknown): CitationEntry[] {
  const parsed = typeof protocol === 'string' ? safeJson(protocol) : protocol;
  const citations = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>).citations : undefined;
  return Array.isArray(citations) ? (citations as CitationEntry[]) : [];
}
