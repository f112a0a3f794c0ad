import { describe, expect, it } from '@jest/globals';
import { EncoderQueue } from './encoder-queue.js';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('EncoderQueue', () => {
  it('runs one call at a time and lets waiting queries pass waiting document batches', async () => {
    const queue = new EncoderQueue();
    const order: string[] = [];
    let active = 0;
    const call = (name: string) => async () => {
      active++;
      expect(active).toBe(1);
      order.push(name);
      await tick();
      active--;
      return name;
    };
    const results = await Promise.all([
      queue.run(false, call('documents 1')),
      queue.run(false, call('documents 2')),
      queue.run(true, call('query')),
    ]);
    expect(results).toEqual(['documents 1', 'documents 2', 'query']);
    expect(order).toEqual(['documents 1', 'query', 'documents 2']);
  });

  it('passes a failure to its caller and keeps serving', async () => {
    const queue = new EncoderQueue();
    await expect(queue.run(true, () => Promise.reject(new Error('model failed')))).rejects.toThrow('model failed');
    await expect(queue.run(true, async () => 'next')).resolves.toBe('next');
  });
});
