import { isEntry, text, type ApiClient, type GenerateRequest, type SearchScope } from '@cairn/frontend-shared';

/** docs/product-spec.md §9: hits per search. */
export const SEARCH_SIZE = 8;

export type SearchMode = 'mixed' | 'user_only' | 'global_only' | 'hospital_only';

const SEARCH_MODES: Record<SearchScope, SearchMode> = { all: 'mixed', user: 'user_only', global: 'global_only', hospital: 'hospital_only' };

export const searchModeFor = (scope: SearchScope): SearchMode => SEARCH_MODES[scope];

export interface SearchHitSource {
  title: string;
  organization: string;
  region: string;
  year: number | string | null;
  disease: string;
  section: string;
  body: string;
  source_url: string;
  /** `global`, the owner's user id, or `hospital` for a protocol of the user's hospital library. */
  owner: string;
  /** The organisation's name, on a hit from its hospital library only. */
  hospital?: string;
  /** The uploaded file a protocol's hit was read from (the user's own protocols and the hospital library). */
  source_file?: string;
}

export interface SearchHit {
  id: string;
  /** docs/product-spec.md §7: 0–10 relevance; 6 or more means the hit is about the query. */
  score: number;
  source: SearchHitSource;
}

export interface SearchResult {
  /** What the server searched when it corrected typos in the query. */
  corrected_query?: string;
  total: number;
  took_ms: number;
  hits: SearchHit[];
}

const number = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

function readHit(entry: Record<string, unknown>, index: number): SearchHit {
  const source = isEntry(entry.source) ? entry.source : {};
  const hospital = text(source.hospital);
  const sourceFile = text(source.source_file);
  return {
    id: text(entry.id) ?? `hit_${index}`,
    score: number(entry.score),
    source: {
      title: text(source.title) ?? '',
      organization: text(source.organization) ?? '',
      region: text(source.region) ?? '',
      year: typeof source.year === 'number' ? source.year : text(source.year),
      disease: text(source.disease) ?? '',
      section: text(source.section) ?? '',
      body: typeof source.body === 'string' ? source.body : '',
      source_url: text(source.source_url) ?? '',
      owner: text(source.owner) ?? '',
      ...(hospital && { hospital }),
      ...(sourceFile && { source_file: sourceFile }),
    },
  };
}

export function readSearchResult(body: unknown): SearchResult {
  if (!isEntry(body)) throw new Error('Search failed: unexpected answer');
  const hits = Array.isArray(body.hits) ? body.hits.filter(isEntry).map(readHit) : [];
  const corrected = text(body.corrected_query);
  return { ...(corrected && { corrected_query: corrected }), total: number(body.total) || hits.length, took_ms: number(body.took_ms), hits };
}

export interface SearchRequest {
  query: string;
  scope: SearchScope;
  uid: string | null;
}

export async function searchProtocols(api: ApiClient, request: SearchRequest, signal?: AbortSignal): Promise<SearchResult> {
  const body = await api.post(
    '/protocols/search',
    { query: request.query, size: SEARCH_SIZE },
    {
      query: { use_hybrid: true, enhance_query: true, user_id: request.uid, search_mode: searchModeFor(request.scope) },
      signal,
    },
  );
  return readSearchResult(body);
}

/** Waits the spec's 45 s: the protocol is written while the request is open. */
export async function generateProtocol(api: ApiClient, request: GenerateRequest, signal?: AbortSignal): Promise<Record<string, unknown>> {
  const body = await api.post('/protocols/generate', request, { duration: 'long', signal });
  if (!isEntry(body)) throw new Error('Protocol generation failed: unexpected answer');
  return body;
}

/** A line of `POST /protocols/generate/stream`: the protocol so far, a notice, or the finished protocol. */
export type ProtocolStreamLine = { type: 'step' | 'done'; protocol: Record<string, unknown> } | { type: 'notice'; message: string };

/**
 * The checklist step by step as the server grounds each one; resolves with the finished protocol.
 * Aborting `signal` cancels the request, and the server cancels the model's.
 */
export async function streamProtocol(
  api: ApiClient,
  request: GenerateRequest,
  onLine: (line: ProtocolStreamLine) => void,
  signal?: AbortSignal,
): Promise<Record<string, unknown>> {
  let finished: Record<string, unknown> | null = null;
  await api.stream(
    '/protocols/generate/stream',
    request,
    (line) => {
      if (!isEntry(line)) return;
      if (line.type === 'notice' && typeof line.message === 'string') onLine({ type: 'notice', message: line.message });
      if ((line.type === 'step' || line.type === 'done') && isEntry(line.protocol)) onLine({ type: line.type, protocol: line.protocol });
      if (line.type === 'done' && isEntry(line.protocol)) finished = line.protocol;
    },
    { signal },
  );
  if (!finished) throw new Error('Protocol generation failed: the answer ended early');
  return finished;
}
