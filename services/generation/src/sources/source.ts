import type { Passage } from '@cairn/contracts';
import { MAX_CONTEXT_SNIPPETS } from '@cairn/rules';
import { z } from 'zod';
import { readSourceLabel } from './source-labels.js';

/** A protocol's numbered sources: at most the context snippets the generator is given. */
export const MAX_SOURCES = MAX_CONTEXT_SNIPPETS;

/**
 * A snippet as clients send it: plain text (docs/product-spec.md §7), or a search hit's provenance under
 * a Passage's names (every field but the text optional, the year as a number or text).
 */
export const snippetSchema = z.union([
  z.string().max(20_000),
  z.object({
    text: z.string().max(20_000),
    title: z.string().max(500).optional(),
    organization: z.string().max(200).optional(),
    year: z.union([z.number().int(), z.string().max(20)]).nullable().optional(),
    region: z.string().max(200).optional(),
    url: z.string().max(2000).optional(),
    section: z.string().max(500).optional(),
    disease: z.string().max(500).optional(),
    relevance: z.number().min(0).max(10).optional(),
    hospital: z.string().max(200).optional(),
  }),
]);

export type Snippet = z.infer<typeof snippetSchema>;

/** A numbered source of a protocol: `[Source n]`. */
export interface Source extends Passage {
  id: number;
  /** Page of the uploaded file the text starts on (sources cut from an upload). */
  page?: number;
}

/** A plausible publication year from a number or text, else null. */
export const year = (value: unknown) => {
  const parsed = typeof value === 'number' ? value : Number.parseInt(String(value ?? ''), 10);
  return Number.isInteger(parsed) && parsed > 1800 ? parsed : null;
};

/** Numbers the first six distinct snippets as sources 1..6. */
export function toSources(snippets: Snippet[]): Source[] {
  const seen = new Set<string>();
  const sources: Source[] = [];
  for (const snippet of snippets) {
    const fields = typeof snippet === 'string' ? { text: snippet } : snippet;
    const { text, topic } = readSourceLabel(fields.text);
    if (!text || seen.has(text)) continue;
    seen.add(text);
    sources.push({
      id: sources.length + 1,
      text,
      title: fields.title?.trim() || topic || `Source ${sources.length + 1}`,
      organization: fields.organization?.trim() ?? '',
      year: year(fields.year),
      region: fields.region?.trim() ?? '',
      url: fields.url?.trim() ?? '',
      section: fields.section?.trim() ?? '',
      ...(typeof snippet !== 'string' && snippet.disease?.trim() && { disease: snippet.disease.trim() }),
      ...(typeof snippet !== 'string' && snippet.relevance !== undefined && { relevance: snippet.relevance }),
      ...(typeof snippet !== 'string' && snippet.hospital?.trim() && { hospital: snippet.hospital.trim() }),
    });
    if (sources.length === MAX_SOURCES) break;
  }
  return sources;
}
