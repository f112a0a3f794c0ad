import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { createLogger, type Collection, type DocumentStore } from '@cairn/platform';
import { setTimeout as sleep } from 'node:timers/promises';
import { GLOBAL_OWNER } from '../chunks/chunk.js';
import { chunkDocument } from '../chunks/chunker.js';
import { SEARCH_CONFIG, type SearchConfig } from '../config/search-config.js';
import { corpusHash, readCorpusFiles, starterDocument } from '../corpus/starter-corpus.js';
import { EMBEDDER, type Embedder } from '../embedding/embedder.port.js';
import { loadVocabulary } from '../ranking/understand/medical-vocabulary.js';
import { SEARCH_STORE } from '../search.tokens.js';
import { ChunkWriter } from './chunk-writer.js';
import { RebuildLease } from './rebuild-lease.js';

interface IndexState {
  id: string;
  hash: string;
  documents: number;
  chunks: number;
  indexedAt: string;
}

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
  private readonly lease: RebuildLease;
  private markIndexed!: () => void;
  /** Settles once this process's start-up indexing of the starter corpus is over (at once when a Job does it). */
  readonly indexed = new Promise<void>((resolve) => (this.markIndexed = resolve));

  constructor(
    @Inject(SEARCH_CONFIG) private readonly config: SearchConfig,
    @Inject(SEARCH_STORE) store: DocumentStore,
    @Inject(EMBEDDER) private readonly embedder: Embedder | null,
    private readonly writer: ChunkWriter,
  ) {
    this.state = store.collection<IndexState>('index_state');
    this.lease = new RebuildLease(store, 'starter-corpus');
  }

  async onApplicationBootstrap(): Promise<void> {
    loadVocabulary();
    try {
      if (this.config.SEARCH_STARTER_INDEX !== 'job') await this.ensureIndexed();
    } finally {
      this.markIndexed();
    }
  }

  async ensureIndexed(): Promise<{ rebuilt: boolean; documents: number; chunks: number }> {
    const files = await readCorpusFiles(this.config.SEARCH_CORPUS_DIR);
    const hash = corpusHash(files, `${CHUNKER_VERSION}|${this.embedder?.modelId ?? 'no-embedder'}`);
    for (;;) {
      const current = await this.state.get('starter-corpus');
      if (current?.hash === hash) return { rebuilt: false, documents: current.documents, chunks: current.chunks };
      if (await this.lease.take()) break;
      await sleep(WAIT_MS);
    }
    return this.lease.holding(() => this.rebuild(files, hash));
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
