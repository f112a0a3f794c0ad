import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ISocketFactory } from 'kafkajs';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadPlatformConfig } from '../../config/platform-config.js';
import { SqliteDocumentStore } from '../../documents/adapters/sqlite-document-store.adapter.js';
import { ProcessedEvents } from '../processed-events.js';
import { kafkaClientConfig, kafkaSecurity, type KafkaEventBusOptions } from './kafka-event-bus.adapter.js';

describe('Kafka client settings from the environment', () => {
  let directory: string;
  const file = (name: string) => join(directory, name);

  beforeAll(() => {
    directory = mkdtempSync(join(tmpdir(), 'cairn-kafka-tls-'));
    writeFileSync(file('ca.crt'), 'CA PEM');
    writeFileSync(file('user.crt'), 'CLIENT CERTIFICATE PEM');
    writeFileSync(file('user.key'), 'CLIENT KEY PEM');
  });
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  const kafkaOptions = (env: NodeJS.ProcessEnv) => {
    const config = loadPlatformConfig('search', 8081, { EVENT_BUS: 'kafka', KAFKA_BROKERS: 'k0:9093,k1:9093', ...env });
    const options: KafkaEventBusOptions = {
      brokers: config.KAFKA_BROKERS!,
      clientId: 'cairn-search',
      producer: 'search',
      processed: new ProcessedEvents(new SqliteDocumentStore(':memory:')),
      topicPrefix: config.KAFKA_TOPIC_PREFIX,
      ...kafkaSecurity(config),
    };
    return kafkaClientConfig(options);
  };

  it('connects in plain text by default', () => {
    expect(kafkaOptions({})).toMatchObject({ brokers: ['k0:9093', 'k1:9093'], clientId: 'cairn-search', ssl: false, sasl: undefined });
  });

  it('trusts the system CAs with KAFKA_SSL alone, and the CA file with KAFKA_SSL_CA_FILE', () => {
    expect(kafkaOptions({ KAFKA_SSL: 'true' }).ssl).toBe(true);
    expect(kafkaOptions({ KAFKA_SSL: 'true', KAFKA_SSL_CA_FILE: file('ca.crt') }).ssl).toEqual({ ca: ['CA PEM'] });
  });

  it('presents the client certificate of KAFKA_SSL_CERT_FILE and KAFKA_SSL_KEY_FILE (mTLS), which means TLS', () => {
    const mtls = { KAFKA_SSL_CERT_FILE: file('user.crt'), KAFKA_SSL_KEY_FILE: file('user.key') };
    expect(kafkaOptions({ KAFKA_SSL: 'true', KAFKA_SSL_CA_FILE: file('ca.crt'), ...mtls }).ssl).toEqual({
      ca: ['CA PEM'],
      cert: 'CLIENT CERTIFICATE PEM',
      key: 'CLIENT KEY PEM',
    });
    expect(kafkaOptions(mtls).ssl).toEqual({ cert: 'CLIENT CERTIFICATE PEM', key: 'CLIENT KEY PEM' });
  });

  it.each(['plain', 'scram-sha-256', 'scram-sha-512'])('logs in with SASL %s over TLS', (mechanism) => {
    const options = kafkaOptions({
      KAFKA_SSL: 'true',
      KAFKA_SASL_MECHANISM: mechanism,
      KAFKA_SASL_USERNAME: 'cairn',
      KAFKA_SASL_PASSWORD: 's3cret',
    });
    expect(options).toMatchObject({ ssl: true, sasl: { mechanism, username: 'cairn', password: 's3cret' } });
  });

  it('hands kafkajs the socket factory it is given', () => {
    const socketFactory: ISocketFactory = () => {
      throw new Error('not connecting');
    };
    const options = kafkaClientConfig({ brokers: ['k0:9092'], clientId: 'c', producer: 'p', processed: {} as ProcessedEvents, socketFactory });
    expect(options.socketFactory).toBe(socketFactory);
  });

  it('reads KAFKA_TOPIC_PREFIX, empty by default', () => {
    expect(loadPlatformConfig('search', 8081, {}).KAFKA_TOPIC_PREFIX).toBe('');
    expect(loadPlatformConfig('search', 8081, { KAFKA_TOPIC_PREFIX: 'cairn.' }).KAFKA_TOPIC_PREFIX).toBe('cairn.');
  });

  it.each([
    [{ KAFKA_SSL_CERT_FILE: '/etc/cairn/kafka-user/user.crt' }, 'KAFKA_SSL_KEY_FILE'],
    [{ KAFKA_SSL_KEY_FILE: '/etc/cairn/kafka-user/user.key' }, 'KAFKA_SSL_CERT_FILE'],
    [{ KAFKA_TOPIC_PREFIX: 'cairn/' }, 'KAFKA_TOPIC_PREFIX'],
    [{ KAFKA_TOPIC_PREFIX: 'x'.repeat(201) }, 'KAFKA_TOPIC_PREFIX'],
  ])('refuses %j naming %s', (env, variable) => {
    expect(() => loadPlatformConfig('search', 8081, env)).toThrow(ConfigError);
    expect(() => loadPlatformConfig('search', 8081, env)).toThrow(new RegExp(`^Invalid configuration:\\n  ${variable}: `));
  });
});
