import { parentPort, workerData } from 'node:worker_threads';
import type { VectorIndex } from '../vector-index.port.js';
import { SqliteVectorIndex, type VectorModel } from './sqlite-vector-index.adapter.js';
import type { VectorIndexCall, VectorIndexReply } from './worker-thread-vector-index.adapter.js';

const { file, model } = workerData as { file: string; model?: VectorModel };
const index: VectorIndex = new SqliteVectorIndex(file, model);
const port = parentPort!;

port.on('message', async ({ id, method, args }: VectorIndexCall) => {
  let reply: VectorIndexReply;
  try {
    const result: unknown = await (index[method] as (...args: unknown[]) => Promise<unknown>).apply(index, args);
    reply = { id, result };
  } catch (error) {
    reply = { id, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
  if (method === 'close') port.close();
});
