import { ApiError, buildUrl, getCairn, isEntry, nextOffsetOf, readErrorBody, text, type ApiClient, type Entry } from '@cairn/frontend-shared';

/** docs/hospital-library.md, "Approval trail": entries a page at a time, newest first. */
export const TRAIL_PAGE_SIZE = 50;

/** One line of the approval trail, read leniently. */
export interface TrailEntry {
  id: string;
  at: string;
  action: string;
  /** The actor's name, or 'Erased account <pseudonym>'. */
  actor: string;
  protocolId: string;
  protocolTitle: string;
  sourceFile: string;
  sourceChecksum: string;
}

export interface TrailPage {
  entries: TrailEntry[];
  nextOffset: number | null;
}

const nested = (entry: Entry, key: string): Entry => (isEntry(entry[key]) ? (entry[key] as Entry) : {});

/** The actor's name; an erased account keeps only its pseudonym. */
function actorName(actor: unknown): string {
  if (!isEntry(actor)) return text(actor) ?? 'Unknown';
  const pseudonym = text(actor.pseudonym);
  const name = text(actor.name);
  if (name) return name;
  if (actor.erased === true || pseudonym) return `Erased account${pseudonym ? ` ${pseudonym}` : ''}`;
  return text(actor.email) ?? 'Unknown';
}

export function readTrailEntry(entry: Entry, index: number): TrailEntry {
  const protocol = nested(entry, 'protocol');
  return {
    id: text(entry.id) ?? `entry_${index}`,
    at: text(entry.at) ?? text(entry.timestamp) ?? '',
    action: text(entry.action) ?? '',
    actor: actorName(entry.actor ?? entry.actorName),
    protocolId: text(entry.protocolId) ?? text(protocol.id) ?? '',
    protocolTitle: text(entry.protocolTitle) ?? text(protocol.title) ?? '',
    sourceFile: text(entry.sourceFile) ?? text(protocol.sourceFile) ?? '',
    sourceChecksum: text(entry.sourceChecksum) ?? text(protocol.sourceChecksum) ?? '',
  };
}

/** `GET /library/approval-trail`: a list, or `{ entries, next_offset }`. */
export function readTrailPage(body: unknown): TrailPage {
  const list = Array.isArray(body) ? body : isEntry(body) ? (body.entries ?? body.trail ?? body.items) : null;
  const entries = Array.isArray(list) ? list.filter(isEntry).map(readTrailEntry) : [];
  return { entries, nextOffset: isEntry(body) ? nextOffsetOf(body) : null };
}

export const loadTrailPage = async (api: ApiClient, offset = 0): Promise<TrailPage> =>
  readTrailPage(await api.get('/library/approval-trail', { query: { limit: TRAIL_PAGE_SIZE, ...(offset > 0 && { offset }) } }));

/** The file name the server gives the CSV (Content-Disposition), else one of today. */
export function csvFileName(disposition: string | null, today: Date): string {
  const named = disposition && /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition)?.[1];
  return named ? decodeURIComponent(named) : `approval-trail-${today.toISOString().slice(0, 10)}.csv`;
}

/** The whole trail as CSV (`?format=csv`), fetched with the user's token, never put in a URL. */
export async function loadTrailCsv(fetchImpl: typeof fetch = (input, init) => fetch(input, init)): Promise<{ csv: Blob; fileName: string }> {
  const { api, auth } = getCairn();
  const path = '/library/approval-trail';
  const token = await auth.getAccessToken();
  const response = await fetchImpl(buildUrl(api.baseUrl, path, { format: 'csv' }), { headers: { Accept: 'text/csv', ...(token && { Authorization: `Bearer ${token}` }) } });
  if (!response.ok) {
    const { message, category } = readErrorBody(await response.json().catch(() => null));
    throw new ApiError({ kind: 'http', status: response.status, category, message: message ?? 'The approval trail could not be exported.', path });
  }
  return { csv: await response.blob(), fileName: csvFileName(response.headers.get('Content-Disposition'), new Date()) };
}
