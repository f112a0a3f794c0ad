import { describe, expect, it } from '@jest/globals';
import { resolve } from 'node:path';
import { runToExit, spawnService } from '@cairn/testing';

const services = resolve(import.meta.dirname, '../..');
const entry = (name: string) => resolve(services, name, 'dist/main.js');

describe('each process starts from its main.ts with the embedded adapters', () => {
  it.each([
    ['accounts', '/healthz'],
    ['search', '/healthz'],
    ['generation', '/healthz'],
    ['conversations', '/healthz'],
    ['saved-protocols', '/healthz'],
    ['uploads', '/healthz'],
    ['standalone', '/api/healthz'],
  ])('%s answers %s', async (name, healthPath) => {
    const service = await spawnService(entry(name));
    try {
      const response = await fetch(`${service.url}${healthPath}`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: 'ok' });
      const ready = await fetch(`${service.url}${healthPath.replace('healthz', 'readyz')}`);
      expect(ready.status).toBe(200);
    } finally {
      await service.stop();
    }
  });
});

describe('bad configuration stops the process with a message naming the variable', () => {
  it.each([
    [{ EVENT_BUS: 'kafka' }, 'KAFKA_BROKERS: is required when EVENT_BUS=kafka'],
    [{ DOCUMENT_STORE: 'mongo' }, 'MONGO_URL: is required when DOCUMENT_STORE=mongo'],
    [{ PORT: 'http' }, 'PORT:'],
    [{ EVENT_BUS: 'carrier-pigeon' }, 'EVENT_BUS:'],
  ])('%j', async (env, message) => {
    const { code, output } = await runToExit(entry('standalone'), { ...env, LOG_LEVEL: 'silent' });
    expect(code).toBe(1);
    expect(output).toContain('Invalid configuration:');
    expect(output).toContain(message);
    expect(output).not.toMatch(/\n\s+at /);
  });
});
