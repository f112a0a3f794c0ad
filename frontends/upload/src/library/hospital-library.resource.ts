import { isEntry, type ApiClient } from '@cairn/frontend-shared';

/** How many protocols a publish put in the library: the answer's count or list, when it tells. */
const publishedCount = (body: unknown): number | null => {
  if (!isEntry(body)) return null;
  if (typeof body.published === 'number') return body.published;
  return Array.isArray(body.protocols) ? body.protocols.length : null;
};

/** `POST /library` `{ protocolId }`: the editor's protocol into their organisation's library (again: replaces its copy). */
export const publishProtocol = async (api: ApiClient, protocolId: string): Promise<void> => {
  await api.post('/library', { protocolId }, { retries: 0 });
};

/** `POST /library` `{ uploadId }`: every protocol of an approved upload. */
export const publishUpload = async (api: ApiClient, uploadId: string): Promise<number | null> => publishedCount(await api.post('/library', { uploadId }, { retries: 0 }));

/** `PUT /library/{id}/title`: the library copy's own title (the editor's protocol keeps its own). */
export const renameLibraryProtocol = async (api: ApiClient, libraryId: string, title: string): Promise<void> => {
  await api.put(`/library/${encodeURIComponent(libraryId)}/title`, { title }, { retries: 0 });
};

/** `DELETE /library/{id}`: takes a protocol out of the library (the editor's own protocol stays). */
export const unpublishProtocol = async (api: ApiClient, libraryId: string): Promise<void> => {
  await api.delete(`/library/${encodeURIComponent(libraryId)}`, { retries: 0 });
};
