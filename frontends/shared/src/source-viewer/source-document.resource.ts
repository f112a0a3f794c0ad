import type { UploadedSourceLink } from '@cairn/rules';
import { buildUrl } from '../api/api-client';
import { ApiError, readErrorBody } from '../api/api-error';
import { getCairn } from '../platform/cairn-services';

/** The original PDF of one of the user's protocols, fetched with their token (never put in a URL). */
export async function loadSourcePdf(link: UploadedSourceLink, signal?: AbortSignal): Promise<Uint8Array> {
  const { api, auth } = getCairn();
  const token = await auth.getAccessToken();
  const response = await fetch(buildUrl(api.baseUrl, link.path), { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal });
  if (!response.ok) {
    const { message } = readErrorBody(await response.json().catch(() => null));
    throw new ApiError({ kind: 'http', status: response.status, message: message ?? 'The source could not be opened.', path: link.path });
  }
  return new Uint8Array(await response.arrayBuffer());
}
