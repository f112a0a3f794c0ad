/** Where the browser reaches the API (the standalone server and the chart's gateway both serve it here). */
export const PUBLIC_API_PATH = '/api';

/** The owner-only route of the uploads service that serves an approved protocol's original PDF. */
export const protocolSourcePath = (userId: string, protocolId: string) =>
  `/users/${encodeURIComponent(userId)}/protocols/${encodeURIComponent(protocolId)}/source`;

/** A source URL opened at a page: `…/source?page=3`; the URL itself when the page is unknown. */
export function withSourcePage(url: string, page: number | null | undefined): string {
  if (!url || !page || !Number.isInteger(page) || page < 1) return url;
  return `${url.replace(/[?#].*$/, '')}?page=${page}`;
}

/** An uploaded source a citation or hit links to: whose, which protocol, and the cited page. */
export interface UploadedSourceLink {
  userId: string;
  protocolId: string;
  page: number;
  /** Path of the PDF under the API base, for the API client. */
  path: string;
}

const UPLOADED_SOURCE = /(?:^|\/)users\/([^/?#]+)\/protocols\/([^/?#]+)\/source(?:\?([^#]*))?$/;
const PAGE_PARAMETER = /(?:^|&)page=(\d+)(?:&|$)/;

/** The uploaded source a URL opens, or null for any other URL (a published source's web page). */
export function readUploadedSource(url: string | null | undefined): UploadedSourceLink | null {
  const match = UPLOADED_SOURCE.exec((url ?? '').trim());
  if (!match) return null;
  const userId = decodeURIComponent(match[1]);
  const protocolId = decodeURIComponent(match[2]);
  const page = Number.parseInt(PAGE_PARAMETER.exec(match[3] ?? '')?.[1] ?? '', 10);
  return { userId, protocolId, page: Number.isInteger(page) && page > 0 ? page : 1, path: protocolSourcePath(userId, protocolId) };
}
