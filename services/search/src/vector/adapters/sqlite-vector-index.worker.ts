import { parentPort, workerData } from 'node:worker_threads';
import type { VectorIndex } from '../vector-index.port.js';
import { SqliteVectorIndex } from './sqlite-vector-index.adapter.js';
import type { VectorIndexCall, VectorIndexReply } from './worker-thread-vector-index.adapter.js';

const index: VectorIndex = new SqliteVectorIndex((workerData as { file: string }).file);
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
