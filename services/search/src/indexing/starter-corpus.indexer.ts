import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { createLogger, DuplicateDocumentError, type Collection, type DocumentStore } from '@cairn/platform';
import { setTimeout as sleep } from 'node:timers/promises';
import { GLOBAL_OWNER } from '../chunks/chunk.js';
import { chunkDocument } from '../chunks/chunker.js';
import { SEARCH_CONFIG, type SearchConfig } from '../config/search-config.js';
import { corpusHash, readCorpusFiles, starterDocument } from '../corpus/starter-corpus.js';
import { EMBEDDER, type Embedder } from '../embedding/embedder.port.js';
import { SEARCH_STORE } from '../search.tokens.js';
import { ChunkWriter } from './chunk-writer.js';

interface IndexState {
  id: string;
  hash: string;
  documents: number;
  chunks: number;
  indexedAt: string;
}

/** Held by the replica that rebuilds; renewed while it works, so a replica that died frees it within a lease. */
interface RebuildLease {
  id: string;
  holder: string;
  expiresAt: number;
}

export const REBUILD_LEASE_MS = 60_000;
const WAIT_MS = 500;

/** Bump when chunking changes, so existing indexes are rebuilt. */
export const CHUNKER_VERSION = 'sections-v1';

/**
 * Builds the global starter corpus index once, and again only when the corpus (or the embedder)
 * changes. Replicas sharing the store take turns: one holds the rebuild lease, the others wait for
 * its result (or for the lease to lapse, if it died).
 */
@Injectable()
export class StarterCorpusIndexer implements OnApplicationBootstrap {
  private readonly logger = createLogger('starter-corpus');
  private readonly state: Collection<IndexState>;
  private readonly leases: Collection<RebuildLease>;
  private readonly holder = `${process.pid}-${Math.random().toString(36).slice(2)}`;

  constructor(
    @Inject(SEARCH_CONFIG) private readonly config: SearchConfig,
    @Inject(SEARCH_STORE) store: DocumentStore,
    @Inject(EMBEDDER) private readonly embedder: Embedder | null,
    private readonly writer: ChunkWriter,
  ) {
    this.state = store.collection<IndexState>('index_state');
    this.leases = store.collection<RebuildLease>('index_rebuild_leases');
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.SEARCH_STARTER_INDEX === 'job') return;
    await this.ensureIndexed();
  }

  async ensureIndexed(): Promise<{ rebuilt: boolean; documents: number; chunks: number }> {
    const files = await readCorpusFiles(this.config.SEARCH_CORPUS_DIR);
    const hash = corpusHash(files, `${CHUNKER_VERSION}|${this.embedder?.modelId ?? 'no-embedder'}`);
    for (;;) {
      const current = await this.state.get('starter-corpus');
      if (current?.hash === hash) return { rebuilt: false, documents: current.documents, chunks: current.chunks };
      if (await this.takeLease()) break;
      await sleep(WAIT_MS);
    }
    // A renewal that fails (the store briefly away) only shortens the lease; it must not end the process.
    const renew = () => this.leases.update('starter-corpus', { expiresAt: Date.now() + REBUILD_LEASE_MS }).catch(() => undefined);
    const renewal = setInterval(() => void renew(), REBUILD_LEASE_MS / 4);
    try {
      return await this.rebuild(files, hash);
    } finally {
      clearInterval(renewal);
      await this.leases.delete('starter-corpus');
    }
  }

  private async takeLease(): Promise<boolean> {
    try {
      await this.leases.insert({ id: 'starter-corpus', holder: this.holder, expiresAt: Date.now() + REBUILD_LEASE_MS });
      return true;
    } catch (error) {
      if (!(error instanceof DuplicateDocumentError)) throw error;
    }
    const lease = await this.leases.get('starter-corpus');
    if (lease && lease.expiresAt < Date.now()) await this.leases.delete('starter-corpus');
    return false;
  }

  private async rebuild(files: Awaited<ReturnType<typeof readCorpusFiles>>, hash: string) {
    const current = await this.state.get('starter-corpus');
    if (current?.hash === hash) return { rebuilt: false, documents: current.documents, chunks: current.chunks };
    const started = Date.now();
    const chunks = files.flatMap((file) => chunkDocument(starterDocument(file)));
    await this.writer.delete({ owner: GLOBAL_OWNER, source: 'starter' });
    await this.writer.write(chunks);
    await this.state.put({ id: 'starter-corpus', hash, documents: files.length, chunks: chunks.length, indexedAt: new Date().toISOString() });
    this.logger.info({ documents: files.length, chunks: chunks.length, ms: Date.now() - started }, 'starter corpus indexed');
    return { rebuilt: true, documents: files.length, chunks: chunks.length };
  }
}
