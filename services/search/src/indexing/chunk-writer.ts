import { Inject, Injectable } from '@nestjs/common';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { DocumentFilter, IndexedChunk } from '../chunks/chunk.js';
import { chunkEmbeddingText, EMBEDDER, type Embedder } from '../embedding/embedder.port.js';
import { KEYWORD_INDEX, type KeywordIndex } from '../keyword/keyword-index.port.js';
import { VECTOR_INDEX, type VectorIndex } from '../vector/vector-index.port.js';

const EMBEDDING_BATCH = 64;

/** Writes chunks to both indexes (embedding them on the way) and deletes from both. */
@Injectable()
export class ChunkWriter {
  constructor(
    @Inject(KEYWORD_INDEX) private readonly keywords: KeywordIndex,
    @Inject(VECTOR_INDEX) private readonly vectors: VectorIndex,
    @Inject(EMBEDDER) private readonly embedder: Embedder | null,
  ) {}

  async write(chunks: IndexedChunk[], onProgress?: (done: number) => void): Promise<void> {
    for (let start = 0; start < chunks.length; start += EMBEDDING_BATCH) {
      const batch = chunks.slice(start, start + EMBEDDING_BATCH);
      await this.keywords.upsert(batch);
      await this.embedBatches(batch, async (stored) => stored);
      onProgress?.(start + batch.length);
      // Between batches, requests waiting on this process are answered: a large write never stalls search.
      await yieldToEventLoop();
    }
  }

  /** How many chunks the keyword index holds, and how many vectors the vector index. */
  async counts(): Promise<{ chunks: number; vectors: number }> {
    const [chunks, vectors] = await Promise.all([this.keywords.count(), this.vectors.count()]);
    return { chunks, vectors };
  }

  /**
   * Embeds chunks read from the keyword index earlier: a chunk deleted or rewritten while it was being
   * embedded is left to whoever deleted or rewrote it, so no vector outlives its chunk or its text.
   */
  async embedStillIndexed(chunks: IndexedChunk[]): Promise<void> {
    await this.embedBatches(chunks, async (batch) => {
      const current = new Map((await this.keywords.get(batch.map((chunk) => chunk.id))).map((chunk) => [chunk.id, chunkEmbeddingText(chunk)]));
      return batch.filter((chunk) => current.get(chunk.id) === chunkEmbeddingText(chunk));
    });
  }

  private async embedBatches(chunks: IndexedChunk[], stillToStore: (batch: IndexedChunk[]) => Promise<IndexedChunk[]>): Promise<void> {
    if (!this.embedder) return;
    for (let start = 0; start < chunks.length; start += EMBEDDING_BATCH) {
      const batch = chunks.slice(start, start + EMBEDDING_BATCH);
      const vectors = new Map((await this.embedder.embedDocuments(batch.map(chunkEmbeddingText))).map((vector, i) => [batch[i].id, vector]));
      const stored = await stillToStore(batch);
      await this.vectors.upsert(
        stored.map((chunk) => ({ id: chunk.id, owner: chunk.owner, documentId: chunk.documentId, source: chunk.source, vector: vectors.get(chunk.id)! })),
      );
    }
  }

  /** Replaces every chunk of one document. */
  async replaceDocument(filter: Required<Pick<DocumentFilter, 'owner' | 'documentId'>>, chunks: IndexedChunk[]): Promise<void> {
    await this.delete(filter);
    await this.write(chunks);
  }

  async delete(filter: DocumentFilter): Promise<number> {
    const [removed] = await Promise.all([this.keywords.deleteDocuments(filter), this.vectors.deleteDocuments(filter)]);
    return removed;
  }
}
