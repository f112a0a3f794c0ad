import { Worker } from 'node:worker_threads';
import type { DocumentFilter, ScoredId } from '../../chunks/chunk.js';
import type { VectorIndex, VectorQuery, VectorRecord } from '../vector-index.port.js';

type Method = 'upsert' | 'deleteDocuments' | 'search' | 'count' | 'ping' | 'close';

export interface VectorIndexCall {
  id: number;
  method: Method;
  args: unknown[];
}

export type VectorIndexReply = { id: number; result: unknown } | { id: number; error: string };

/**
 * A VectorIndex served by a worker thread (sqlite-vector-index.worker.js), so that scoring vectors
 * runs on another core while the event loop ranks keywords and answers HTTP. Calls are messages;
 * vectors are copied across.
 */
export class WorkerThreadVectorIndex implements VectorIndex {
  private worker!: Worker;
  /** Whether the current worker has answered: one that fails before that is not started again. */
  private answered = false;
  private closing = false;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private nextId = 0;
  private failure: Error | null = null;

  constructor(
    private readonly script: URL,
    private readonly file: string,
  ) {
    this.start();
  }

  private start(): void {
    const worker = new Worker(this.script, { workerData: { file: this.file } });
    worker.unref();
    worker.on('message', (reply: VectorIndexReply) => {
      this.answered = true;
      const call = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if ('error' in reply) call?.reject(new Error(reply.error));
      else call?.resolve(reply.result);
    });
    worker.on('error', (error) => this.stopped(worker, error));
    worker.on('exit', (code) => this.stopped(worker, new Error(`vector index worker exited with code ${code}`)));
    this.worker = worker;
    this.answered = false;
  }

  /**
   * Rejects the calls in flight. A worker that had been answering is replaced by a new one, which
   * loads the vectors again from the index file; one that failed from the start is not.
   */
  private stopped(worker: Worker, error: Error): void {
    if (worker !== this.worker || this.failure) return;
    for (const call of this.pending.values()) call.reject(error);
    this.pending.clear();
    if (this.closing || !this.answered) this.failure = error;
    else this.start();
  }

  private call<T>(method: Method, ...args: unknown[]): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    const reply = new Promise<T>((resolve, reject) => this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject }));
    this.worker.postMessage({ id, method, args } satisfies VectorIndexCall);
    return reply;
  }

  upsert(records: VectorRecord[]): Promise<void> {
    return this.call('upsert', records);
  }

  deleteDocuments(filter: DocumentFilter): Promise<number> {
    return this.call('deleteDocuments', filter);
  }

  search(query: VectorQuery): Promise<ScoredId[]> {
    return this.call('search', query);
  }

  count(filter?: Partial<DocumentFilter>): Promise<number> {
    return this.call('count', filter);
  }

  ping(): Promise<void> {
    return this.call('ping');
  }

  async close(): Promise<void> {
    if (this.failure) return;
    this.closing = true;
    await this.call('close');
    await this.worker.terminate();
  }
}
