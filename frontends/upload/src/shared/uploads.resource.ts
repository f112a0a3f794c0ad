import { appendPage, buildUrl, expectSuccess, getCairn, isEntry, nextOffsetOf, type Entry } from '@cairn/frontend-shared';

const userPath = (uid: string, path: string) => `/users/${encodeURIComponent(uid)}/${path}`;

export interface UploadStarted {
  uploadId: string;
  filename: string;
}

export interface UploadRequest {
  promise: Promise<UploadStarted>;
  abort(): void;
}

/** The server's message for a refused request, else what failed. */
const failure = (body: unknown, what: string) =>
  new Error(isEntry(body) && typeof body.error === 'string' ? body.error : isEntry(body) && typeof body.message === 'string' ? body.message : `Failed to ${what}`);

/** Multipart POST through XMLHttpRequest, the one browser API that reports the bytes sent. */
function sendForm(path: string, form: FormData, onSent: (percent: number) => void): UploadRequest {
  const xhr = new XMLHttpRequest();
  const promise = (async () => {
    const token = await getCairn().auth.getAccessToken();
    return new Promise<Entry>((resolve, reject) => {
      xhr.open('POST', buildUrl(getCairn().api.baseUrl, path));
      if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
      xhr.upload.onprogress = (event) => event.lengthComputable && onSent(Math.round((100 * event.loaded) / event.total));
      xhr.onload = () => {
        let body: unknown = null;
        try {
          body = JSON.parse(xhr.responseText);
        } catch {
          body = null;
        }
        if (xhr.status >= 200 && xhr.status < 300 && isEntry(body)) resolve(body);
        else reject(failure(body, 'upload the file'));
      };
      xhr.onerror = () => reject(new Error('Network error: the server could not be reached'));
      xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
      xhr.send(form);
    });
  })();
  return { promise: promise.then((body) => ({ uploadId: String(body.upload_id), filename: String(body.filename ?? '') })), abort: () => xhr.abort() };
}

export function uploadDocument(uid: string, file: File, instructions: string, onSent: (percent: number) => void): UploadRequest {
  const form = new FormData();
  form.append('file', file, file.name);
  if (instructions) form.append('custom_prompt', instructions);
  return sendForm(userPath(uid, 'upload-documents'), form, onSent);
}

export interface UploadStatusBody {
  status: string;
  progress?: number;
  filename?: string;
  protocols_extracted?: number | null;
  protocols_indexed?: number | null;
  error?: string | null;
  /** Each file of the upload as read: its error when it could not be (not a PDF, damaged, a nested ZIP). */
  files?: { name: string; error?: string | null }[];
}

export const uploadStatus = (uid: string, uploadId: string) => getCairn().api.get<UploadStatusBody>(userPath(uid, `upload-status/${uploadId}`), { retries: 0 });

export const cancelUpload = (uid: string, uploadId: string) => getCairn().api.post(userPath(uid, `upload-cancel/${uploadId}`));

/** A protocol as `upload-preview` and `protocols` return it (docs/product-spec.md §3 "Uploaded (indexed) protocol"). */
export interface UploadedProtocol {
  id: string;
  title: string;
  created_at: string;
  source_file: string;
  organization: string;
  region: string;
  year: number | string | null;
  steps_count: number;
  citations_count: number;
  regenerating?: boolean;
  protocol_data: {
    step_details: { step: number; text: string; explanation: string; citation: number; citations?: number[] }[];
    citations: { id: number; source: string; organization: string; year: number | null; region: string; url: string; excerpt: string }[];
  };
}

/** One page of an upload's generated protocols, with how many it has in all. */
export interface PreviewPage {
  status: string;
  protocols: UploadedProtocol[];
  total: number;
}

export async function loadPreview(uid: string, uploadId: string, size: number, offset = 0): Promise<PreviewPage> {
  const body = expectSuccess(await getCairn().api.get(userPath(uid, `upload-preview/${uploadId}?size=${size}&offset=${offset}`)), 'load the generated protocols');
  const protocols = (body.protocols as UploadedProtocol[]) ?? [];
  return { status: String(body.status), protocols, total: Number(body.total ?? protocols.length) };
}

export const deletePreview = async (uid: string, uploadId: string) => expectSuccess(await getCairn().api.delete(userPath(uid, `upload-preview/${uploadId}`)), 'delete the generated protocols');

export async function approveUpload(uid: string, uploadId: string): Promise<number> {
  const body = expectSuccess(await getCairn().api.post(userPath(uid, `upload-approve/${uploadId}`), undefined, { retries: 0, duration: 'long' }), 'approve protocols');
  return Number(body.protocols_indexed ?? 0);
}

export const regenerateUpload = async (uid: string, uploadId: string, instructions: string) =>
  expectSuccess(await getCairn().api.post(userPath(uid, `upload-regenerate/${uploadId}`), { custom_prompt: instructions }, { retries: 0 }), 'regenerate protocols');

export const regenerateProtocol = async (uid: string, protocolId: string, instructions: string) =>
  expectSuccess(await getCairn().api.post(userPath(uid, `protocols/${encodeURIComponent(protocolId)}/regenerate`), { custom_prompt: instructions }, { retries: 0 }), 'regenerate the protocol');

export interface ProtocolPage {
  protocols: UploadedProtocol[];
  total: number;
  /** Where the next page starts; null on the last page. */
  nextOffset: number | null;
}

export async function listProtocols(uid: string, size: number, offset = 0): Promise<ProtocolPage> {
  const query = offset > 0 ? { size, offset } : { size };
  const body = expectSuccess(await getCairn().api.get(userPath(uid, 'protocols'), { query }), 'load protocols');
  return { protocols: (body.protocols as UploadedProtocol[]) ?? [], total: Number(body.total ?? 0), nextOffset: nextOffsetOf(body) };
}

/** The first `count` protocols of the index, a page at a time (the server sends at most 100 a page). */
export async function listFirstProtocols(uid: string, count: number): Promise<{ protocols: UploadedProtocol[]; total: number }> {
  let page = await listProtocols(uid, count);
  let protocols = page.protocols;
  while (page.nextOffset !== null && protocols.length < count && page.protocols.length > 0) {
    page = await listProtocols(uid, count - protocols.length, page.nextOffset);
    protocols = appendPage(protocols, page.protocols, (protocol) => protocol.id);
  }
  return { protocols, total: page.total };
}

export const renameProtocol = async (uid: string, protocolId: string, title: string) =>
  expectSuccess(await getCairn().api.put(userPath(uid, `protocols/${encodeURIComponent(protocolId)}/title`), { title }), 'rename the protocol');

export const deleteProtocol = async (uid: string, protocolId: string) => expectSuccess(await getCairn().api.delete(userPath(uid, `protocols/${encodeURIComponent(protocolId)}`)), 'delete the protocol');

export const deleteAllProtocols = async (uid: string) => expectSuccess(await getCairn().api.delete(userPath(uid, 'protocols/all')), 'delete protocols');
