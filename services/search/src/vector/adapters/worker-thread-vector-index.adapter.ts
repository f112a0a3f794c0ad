import { Worker } from 'node:worker_threads';
import type { DocumentFilter, ScoredId } from '../../chunks/chunk.js';
import type { VectorIndex, VectorQuery, VectorRecord } from '../vector-index.port.js';
import type { VectorModel } from './sqlite-vector-index.adapter.js';

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
  private closed: Promise<void> | null = null;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private nextId = 0;
  private failure: Error | null = null;

  constructor(
    private readonly script: URL,
    private readonly file: string,
    private readonly model?: VectorModel,
  ) {
    this.start();
  }

  private start(): void {
    const worker = new Worker(this.script, { workerData: { file: this.file, model: this.model } });
    worker.on('message', (reply: VectorIndexReply) => {
      if (worker !== this.worker) return;
      this.answered = true;
      const call = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (this.pending.size === 0) worker.unref();
      if ('error' in reply) call?.reject(new Error(reply.error));
      else call?.resolve(reply.result);
    });
    worker.on('messageerror', (error) => this.stopped(worker, error));
    worker.on('error', (error) => this.stopped(worker, error));
    worker.on('exit', (code) => this.stopped(worker, new Error(`vector index worker exited with code ${code}`)));
    // Kept alive only while a call is waiting for its answer, not by an idle worker.
    worker.unref();
    this.worker = worker;
    this.answered = false;
  }

  /**
   * Rejects the calls in flight. A worker that had been answering is replaced by a new one, which
   * loads the vectors again from the index file; one that failed from the start is not, and neither
   * is one holding an in-memory index, whose vectors a new worker would not have.
   */
  private stopped(worker: Worker, error: Error): void {
    if (worker !== this.worker || this.failure) return;
    for (const call of this.pending.values()) call.reject(error);
    this.pending.clear();
    if (this.closed || !this.answered || this.file === ':memory:') {
      this.failure = error;
      return;
    }
    void worker.terminate();
    this.start();
  }

  private call<T>(method: Method, ...args: unknown[]): Promise<T> {
    if (this.closed && method !== 'close') return Promise.reject(new Error('vector index is closed'));
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    const reply = new Promise<T>((resolve, reject) => this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject }));
    try {
      this.worker.postMessage({ id, method, args } satisfies VectorIndexCall);
      this.worker.ref();
    } catch (error) {
      this.pending.get(id)?.reject(error as Error);
      this.pending.delete(id);
    }
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

  close(): Promise<void> {
    if (this.failure && !this.closed) return Promise.resolve();
    this.closed ??= this.call<void>('close').then(async () => {
      await this.worker.terminate();
    });
    return this.closed;
  }
}
