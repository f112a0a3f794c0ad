import { describe, expect, it } from '@jest/globals';
import { ConfigError, loadPlatformConfig } from './platform-config.js';

describe('loadPlatformConfig', () => {
  it('defaults to the standalone adapters', () => {
    const config = loadPlatformConfig('search', 8081, {});
    expect(config).toMatchObject({
      service: 'search',
      port: 8081,
      DATA_DIR: './.data',
      EVENT_BUS: 'in-process',
      DOCUMENT_STORE: 'sqlite',
      BLOB_STORE: 'file',
    });
  });

  it('reads Kafka TLS and SCRAM settings for the client', async () => {
    const { kafkaSecurity } = await import('../events/adapters/kafka-event-bus.adapter.js');
    const config = loadPlatformConfig('search', 8081, { KAFKA_SSL: 'true', KAFKA_SASL_MECHANISM: 'scram-sha-512', KAFKA_SASL_USERNAME: 'cairn', KAFKA_SASL_PASSWORD: 's3cret' });
    expect(kafkaSecurity(config)).toEqual({ ssl: true, sasl: { mechanism: 'scram-sha-512', username: 'cairn', password: 's3cret' } });
    expect(kafkaSecurity(loadPlatformConfig('search', 8081, {}))).toEqual({ ssl: false });
  });

  it('reads a broker list', () => {
    const config = loadPlatformConfig('search', 8081, { EVENT_BUS: 'kafka', KAFKA_BROKERS: 'k0:9092, k1:9092' });
    expect(config.KAFKA_BROKERS).toEqual(['k0:9092', 'k1:9092']);
  });

  it.each([
    [{ EVENT_BUS: 'kafka' }, 'KAFKA_BROKERS'],
    [{ DOCUMENT_STORE: 'mongo' }, 'MONGO_URL'],
    [{ BLOB_STORE: 'gridfs' }, 'MONGO_URL'],
    [{ EVENT_BUS: 'rabbit' }, 'EVENT_BUS'],
    [{ PORT: 'eighty' }, 'PORT'],
    [{ MONGO_URL: 'http://db' }, 'MONGO_URL'],
    [{ AUTH_JWKS_URL: 'not a url' }, 'AUTH_JWKS_URL'],
    [{ KAFKA_SASL_MECHANISM: 'scram-sha-512', KAFKA_SASL_USERNAME: 'cairn' }, 'KAFKA_SASL_USERNAME'],
    [{ KAFKA_SASL_MECHANISM: 'gssapi' }, 'KAFKA_SASL_MECHANISM'],
  ])('refuses %j naming %s', (env, variable) => {
    expect(() => loadPlatformConfig('search', 8081, env)).toThrow(ConfigError);
    expect(() => loadPlatformConfig('search', 8081, env)).toThrow(new RegExp(`^Invalid configuration:\\n  ${variable}: `));
  });
});
