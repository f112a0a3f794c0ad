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
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private nextId = 0;
  private failure: Error | null = null;

  constructor(script: URL, file: string) {
    this.worker = new Worker(script, { workerData: { file } });
    this.worker.unref();
    this.worker.on('message', (reply: VectorIndexReply) => {
      const call = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if ('error' in reply) call?.reject(new Error(reply.error));
      else call?.resolve(reply.result);
    });
    this.worker.on('error', (error) => this.fail(error));
    this.worker.on('exit', (code) => this.fail(new Error(`vector index worker exited with code ${code}`)));
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const call of this.pending.values()) call.reject(error);
    this.pending.clear();
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
    await this.call('close');
    await this.worker.terminate();
  }
}
