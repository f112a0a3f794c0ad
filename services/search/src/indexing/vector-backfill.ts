import { Inject, Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { createLogger, type DocumentStore } from '@cairn/platform';
import { setTimeout as sleep, setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { EMBEDDER, type Embedder } from '../embedding/embedder.port.js';
import { KEYWORD_INDEX, type KeywordIndex } from '../keyword/keyword-index.port.js';
import { SEARCH_STORE } from '../search.tokens.js';
import { ChunkWriter } from './chunk-writer.js';
import { RebuildLease } from './rebuild-lease.js';
import { StarterCorpusIndexer } from './starter-corpus.indexer.js';

const PAGE_CHUNKS = 256;
const PROGRESS_EVERY_MS = 10_000;
/** How often a replica checks again while another holds the work. */
const RECHECK_MS = 60_000;
/** How long shutdown waits for the page being embedded. */
const STOP_WAIT_MS = 10_000;

/**
 * Embeds every chunk again when the vector index holds fewer chunks than the keyword index: after the
 * embedding model changed (its vector index starts empty) or an index was written without vectors.
 * Runs in the background once the starter corpus is indexed (so it never re-embeds what that is writing),
 * one replica at a time (the others check again every minute); meanwhile chunks without a vector are
 * ranked by keyword alone.
 */
@Injectable()
export class VectorBackfill implements OnApplicationBootstrap, OnModuleDestroy, BeforeApplicationShutdown {
  private readonly logger = createLogger('vector-backfill');
  private readonly lease: RebuildLease;
  private readonly stop = new AbortController();
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    @Inject(SEARCH_STORE) store: DocumentStore,
    @Inject(KEYWORD_INDEX) private readonly keywords: KeywordIndex,
    @Inject(EMBEDDER) private readonly embedder: Embedder | null,
    private readonly writer: ChunkWriter,
    @Inject(StarterCorpusIndexer) private readonly starter: Pick<StarterCorpusIndexer, 'indexed'>,
  ) {
    this.lease = new RebuildLease(store, 'vector-backfill');
  }

  onApplicationBootstrap(): void {
    this.running = this.starter.indexed.then(() => this.keepComplete()).catch((error: unknown) => this.logger.error({ err: error }, 'vector backfill failed; it runs again at the next start'));
  }

  /** Stops between pages; requests and the bus drain meanwhile, and the indexes close only after. */
  onModuleDestroy(): void {
    this.stop.abort();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await Promise.race([this.running, sleep(STOP_WAIT_MS, undefined, { ref: false })]);
  }

  /** Runs the backfill, checking again while another replica holds it (it may stop before it is done). */
  private async keepComplete(): Promise<void> {
    while (!this.stop.signal.aborted && (await this.run()) === 'busy') {
      await sleep(RECHECK_MS, undefined, { signal: this.stop.signal }).catch(() => undefined);
    }
  }

  /** How many chunks it embedded (0 when none was missing), or `busy` while another replica holds the work. */
  async run(): Promise<number | 'busy'> {
    if (!this.embedder) return 0;
    const { chunks, vectors } = await this.writer.counts();
    if (vectors >= chunks) return 0;
    if (!(await this.lease.take())) return 'busy';
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
      await this.writer.embedStillIndexed(page.chunks);
      await yieldToEventLoop();
      done += page.chunks.length;
      after = page.next;
      if (Date.now() - reported >= PROGRESS_EVERY_MS) {
        reported = Date.now();
        this.logger.info({ done, total }, 'vector backfill progress');
      }
    } while (after !== null && !this.stop.signal.aborted);
    this.logger.info({ done, total, ms: Date.now() - started, complete: after === null }, 'vector backfill finished');
    return done;
  }
}
