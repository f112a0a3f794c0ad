import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { createLogger, type DocumentStore } from '@cairn/platform';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { EMBEDDER, type Embedder } from '../embedding/embedder.port.js';
import { KEYWORD_INDEX, type KeywordIndex } from '../keyword/keyword-index.port.js';
import { SEARCH_STORE } from '../search.tokens.js';
import { VECTOR_INDEX, type VectorIndex } from '../vector/vector-index.port.js';
import { ChunkWriter } from './chunk-writer.js';
import { RebuildLease } from './rebuild-lease.js';

const PAGE_CHUNKS = 256;
const PROGRESS_EVERY_MS = 10_000;

/**
 * Embeds every chunk again when the vector index holds fewer chunks than the keyword index: after the
 * embedding model changed (its vector index starts empty) or an index was written without vectors.
 * Runs after start-up, off the request path, one replica at a time; meanwhile chunks without a vector
 * are ranked by keyword alone.
 */
@Injectable()
export class VectorBackfill implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = createLogger('vector-backfill');
  private readonly lease: RebuildLease;
  private stopping = false;
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    @Inject(SEARCH_STORE) store: DocumentStore,
    @Inject(KEYWORD_INDEX) private readonly keywords: KeywordIndex,
    @Inject(VECTOR_INDEX) private readonly vectors: VectorIndex,
    @Inject(EMBEDDER) private readonly embedder: Embedder | null,
    private readonly writer: ChunkWriter,
  ) {
    this.lease = new RebuildLease(store, 'vector-backfill');
  }

  onApplicationBootstrap(): void {
    this.running = this.run().catch((error: unknown) => this.logger.error({ err: error }, 'vector backfill failed; it runs again at the next start'));
  }

  async onModuleDestroy(): Promise<void> {
    this.stopping = true;
    await this.running;
  }

  /** How many chunks it embedded: 0 when nothing was missing or another replica holds the work. */
  async run(): Promise<number> {
    if (!this.embedder) return 0;
    const [chunks, vectors] = await Promise.all([this.keywords.count(), this.vectors.count()]);
    if (vectors >= chunks || !(await this.lease.take())) return 0;
    this.logger.info({ chunks, vectors, model: this.embedder.modelId }, 'embedding the chunks the vector index lacks');
    return this.lease.holding(() => this.embedAll(chunks));
  }

  private async embedAll(total: number): Promise<number> {
    const started = Date.now();
    let reported = started;
    let done = 0;
    let after: string | null = null;
    do {
      const page = await this.keywords.scan(after, PAGE_CHUNKS);
      await this.writer.embed(page.chunks);
      await yieldToEventLoop();
      done += page.chunks.length;
      after = page.next;
      if (Date.now() - reported >= PROGRESS_EVERY_MS) {
        reported = Date.now();
        this.logger.info({ done, total }, 'vector backfill progress');
      }
    } while (after !== null && !this.stopping);
    this.logger.info({ done, total, ms: Date.now() - started, complete: after === null }, 'vector backfill finished');
    return done;
  }
}
