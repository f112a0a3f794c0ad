import type { IndexedChunk } from '../chunks/chunk.js';
import type { ScanPage } from './keyword-index.port.js';

/**
 * A scan page from up to `limit` chunks in document id order: a full page may end inside a document, so
 * its last document waits for the next page, unless it is the only one, which is then read whole.
 */
export async function wholeDocumentPage(
  page: IndexedChunk[],
  limit: number,
  documentChunks: (documentId: string) => Promise<IndexedChunk[]>,
): Promise<ScanPage> {
  if (page.length < limit) return { chunks: page, next: null };
  const last = page[page.length - 1].documentId;
  const complete = page.filter((chunk) => chunk.documentId !== last);
  if (complete.length > 0) return { chunks: complete, next: complete[complete.length - 1].documentId };
  return { chunks: await documentChunks(last), next: last };
}
