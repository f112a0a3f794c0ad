/** docs/product-spec.md §7: the generator is given at most 6 sources. */
export const MAX_CONTEXT_SNIPPETS = 6;

export const GENERATE_INSTRUCTIONS = [
  'Use only the sources that are about the topic of the query; ignore any source about another condition or topic.',
  'Every step must cite the number of the source it comes from.',
  'Do not put source tags such as [Source 1] in the step text.',
].join(' ');

export interface ContextSnippet {
  text: string;
  title: string;
  organization: string;
  year: number | string | null;
  region: string;
  url: string;
  section: string;
  /** The document's subject (disease or topic), as search indexed it. */
  disease?: string;
  /** Search's calibrated relevance of the hit, 0–10 (6 or more: about the question). */
  relevance?: number;
}

/** The body of POST /api/protocols/generate as the chat sends it. */
export interface GenerateRequest {
  title: string;
  context_snippets: ContextSnippet[] | string[];
  instructions: string;
  region: null;
  year: null;
}

/** The fields of a search hit (POST /api/protocols/search) that a context snippet is made of. */
export interface SnippetSource {
  score?: number;
  source: { title: string; organization: string; year: number | string | null; region: string; section: string; body: string; source_url: string; disease?: string };
}

export const contextSnippets = (hits: SnippetSource[]): ContextSnippet[] =>
  hits.slice(0, MAX_CONTEXT_SNIPPETS).map(({ source, score }) => ({
    text: source.body,
    title: source.title,
    organization: source.organization,
    year: source.year,
    region: source.region,
    url: source.source_url,
    section: source.section,
    ...(source.disease && { disease: source.disease }),
    ...(typeof score === 'number' && { relevance: score }),
  }));

/** The protocol is titled by the query; without hits the query itself is the only context. */
export function buildGenerateRequest(query: string, hits: SnippetSource[]): GenerateRequest {
  return {
    title: query,
    context_snippets: hits.length > 0 ? contextSnippets(hits) : [query],
    instructions: GENERATE_INSTRUCTIONS,
    region: null,
    year: null,
  };
}
