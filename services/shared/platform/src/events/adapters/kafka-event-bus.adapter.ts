import type { DescMessage, MessageInitShape } from '@bufbuild/protobuf';
import type { Topic } from '@cairn/contracts';
import { ClientKafka } from '@nestjs/microservices';
import { logLevel, type LogEntry } from '@nestjs/microservices/external/kafka.interface.js';
import {
  Partitioners,
  type Consumer,
  type ConsumerConfig,
  type EachBatchPayload,
  type ISocketFactory,
  type Kafka,
  type KafkaConfig,
  type KafkaMessage,
  type SASLOptions,
} from 'kafkajs';
import { readFileSync } from 'node:fs';
import type { ConnectionOptions } from 'node:tls';
import { setTimeout as sleep } from 'node:timers/promises';
import { lastValueFrom } from 'rxjs';
import { createLogger, type Logger } from '../../logging/logger.js';
import { createEnvelope, decodeEnvelope, encodeEnvelope } from '../envelope.js';
import type { EventBus, EventEnvelope, EventHandler, PublishOptions, SubscribeOptions } from '../event-bus.port.js';
import type { ProcessedEvents } from '../processed-events.js';
import { uncounted, type EventCounters } from '../event-counters.js';
import type { PlatformConfig } from '../../config/platform-config.js';

export interface KafkaEventBusOptions {
  brokers: string[];
  clientId: string;
  /** Written into every envelope this bus publishes. */
  producer: string;
  processed: ProcessedEvents;
  counters?: EventCounters;
  /** kafkajs consumer tuning (session, heartbeat, fetch wait); the group id comes from subscribe(). */
  consumer?: Omit<ConsumerConfig, 'groupId'>;
  /** Delay before a failed event is handed to its handler again; doubles per attempt up to maxRetryDelayMs. */
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
  /** Failed attempts after which an event goes to `<topic>.dlq` so its partition moves on; default: never. */
  deadLetterAfter?: number;
  /** TLS: true for the system CAs, or the CA that signed the brokers' certificates and this client's certificate. */
  ssl?: boolean | Pick<ConnectionOptions, 'ca' | 'cert' | 'key'>;
  sasl?: SASLOptions;
  /**
   * Put before every topic and consumer group name, so that two releases can share one Kafka; the
   * event types inside the envelopes stay unprefixed.
   */
  topicPrefix?: string;
  /** Opens the connections to the brokers; kafkajs's own (net or tls) by default. */
  socketFactory?: ISocketFactory;
}

/** TLS (with a client certificate for mTLS) and SASL (SCRAM or PLAIN) settings, from KAFKA_SSL*, KAFKA_SASL_*. */
export function kafkaSecurity(config: PlatformConfig): Pick<KafkaEventBusOptions, 'ssl' | 'sasl'> {
  const ssl = kafkaTls(config);
  if (!config.KAFKA_SASL_MECHANISM) return { ssl };
  const credentials = { username: config.KAFKA_SASL_USERNAME!, password: config.KAFKA_SASL_PASSWORD! };
  return { ssl, sasl: { mechanism: config.KAFKA_SASL_MECHANISM, ...credentials } as SASLOptions };
}

// A CA file or a client certificate means TLS, whatever KAFKA_SSL says.
function kafkaTls(config: PlatformConfig): KafkaEventBusOptions['ssl'] {
  const read = (file: string) => readFileSync(file, 'utf8');
  if (!config.KAFKA_SSL_CA_FILE && !config.KAFKA_SSL_CERT_FILE) return config.KAFKA_SSL;
  return {
    ...(config.KAFKA_SSL_CA_FILE ? { ca: [read(config.KAFKA_SSL_CA_FILE)] } : {}),
    ...(config.KAFKA_SSL_CERT_FILE ? { cert: read(config.KAFKA_SSL_CERT_FILE), key: read(config.KAFKA_SSL_KEY_FILE!) } : {}),
  };
}

/** The kafkajs client settings of a bus. */
export function kafkaClientConfig(options: KafkaEventBusOptions): KafkaConfig {
  const { brokers, clientId, ssl, sasl, socketFactory } = options;
  return { brokers, clientId, ssl, sasl, socketFactory, ...kafkaLogging(createLogger('kafkajs')) };
}

export const deadLetterTopic = (topic: string) => `${topic}.dlq`;

interface Subscription {
  topic: Topic;
  /** The Kafka topic: the event type behind the topic prefix. */
  kafkaTopic: string;
  handlers: EventHandler[];
  next: number;
}

interface Group {
  id: string;
  /** The Kafka consumer group: the id behind the topic prefix. */
  kafkaGroupId: string;
  consumer: Consumer;
  subscriptions: Map<string, Subscription>;
  /** Sorted, comma-joined topics the consumer was started with; '' while it is not running. */
  runningTopics: string;
  starting: Promise<void>;
  transient: boolean;
  /** Failed attempts per `topic/partition/offset`, for the growing back-off. */
  failures: Map<string, number>;
}

/**
 * Events on Kafka: topic = event name (behind `topicPrefix`), value = the protobuf envelope, key = the
 * partition key. Each `group` is one Kafka consumer group (behind `topicPrefix` too). When a handler
 * throws, its partition pauses with the event unacknowledged and resumes after a back-off, so the
 * same event comes again; other partitions keep flowing. An event that cannot be decoded, or that
 * failed `deadLetterAfter` times, is copied to `<topic>.dlq` with its error and the partition moves on.
 */
export class KafkaEventBus implements EventBus {
  private readonly logger = createLogger('kafka-event-bus');
  private readonly client: ClientKafka;
  private readonly groups = new Map<string, Group>();
  private readonly closing = new AbortController();

  constructor(private readonly options: KafkaEventBusOptions) {
    this.client = new ClientKafka({
      client: kafkaClientConfig(options),
      producer: { createPartitioner: Partitioners.DefaultPartitioner },
      producerOnlyMode: true,
      postfixId: '',
    });
  }

  async publish<Desc extends DescMessage>(
    topic: Topic<Desc>,
    payload: MessageInitShape<Desc>,
    options?: PublishOptions,
  ): Promise<EventEnvelope<Desc>> {
    this.assertOpen();
    const event = createEnvelope(topic, payload, this.options.producer, options);
    const value = Buffer.from(encodeEnvelope(topic, event));
    await lastValueFrom(this.client.emit(this.kafkaName(topic.name), { key: options?.key ?? null, value }));
    (this.options.counters ?? uncounted).published(topic.name);
    return event;
  }

  /** Resolves once this process's member of `group` has joined and been given its partitions. */
  async subscribe<Desc extends DescMessage>(topic: Topic<Desc>, group: string, handler: EventHandler<Desc>, options: SubscribeOptions = {}) {
    this.assertOpen();
    const kafka = await this.kafka();
    const entry = this.groups.get(group) ?? this.createGroup(kafka, group, options.transient === true);
    const kafkaTopic = this.kafkaName(topic.name);
    const subscription = entry.subscriptions.get(kafkaTopic) ?? { topic: topic as Topic, kafkaTopic, handlers: [], next: 0 };
    subscription.handlers.push((entry.transient ? handler : this.options.processed.deduplicate(group, handler)) as EventHandler);
    entry.subscriptions.set(kafkaTopic, subscription);
    await this.start(entry);
  }

  async close(): Promise<void> {
    if (this.closing.signal.aborted) return;
    this.closing.abort();
    const groups = [...this.groups.values()];
    await Promise.allSettled(groups.map((group) => group.starting));
    await Promise.allSettled(groups.map((group) => group.consumer.disconnect()));
    await this.client.close();
  }

  private kafkaName(name: string): string {
    return `${this.options.topicPrefix ?? ''}${name}`;
  }

  private assertOpen(): void {
    if (this.closing.signal.aborted) throw new Error('event bus is closed');
  }

  private async kafka(): Promise<Kafka> {
    await this.client.connect();
    return this.client.unwrap<Kafka>();
  }

  // Nest's ServerKafka fixes one consumer group and its topics at listen() and leaves a failed event
  // to kafkajs's retrier, which restarts the consumer after a few tries. Groups arrive here at
  // runtime and a failed event only pauses its partition, so consumers are plain kafkajs consumers
  // made from the Nest client's Kafka.
  private createGroup(kafka: Kafka, id: string, transient: boolean): Group {
    const kafkaGroupId = this.kafkaName(id);
    const consumer = kafka.consumer({ ...this.options.consumer, groupId: kafkaGroupId });
    const group: Group = {
      id,
      kafkaGroupId,
      consumer,
      subscriptions: new Map(),
      runningTopics: '',
      starting: Promise.resolve(),
      transient,
      failures: new Map(),
    };
    this.groups.set(id, group);
    consumer.on(consumer.events.CRASH, ({ payload }) => {
      if (payload.restart || this.closing.signal.aborted) return;
      this.logger.error({ err: payload.error, group: id }, 'consumer crashed, restarting it');
      group.runningTopics = '';
      this.later(this.options.retryDelayMs ?? 1_000)
        .then(() => this.start(group))
        .catch((error: unknown) => {
          if (!this.closing.signal.aborted) this.logger.error({ err: error, group: id }, 'consumer restart failed');
        });
    });
    return group;
  }

  /** (Re)starts the group's consumer when its topic list changed; kafkajs cannot add topics to a running consumer. */
  private start(group: Group): Promise<void> {
    group.starting = group.starting
      .catch(() => undefined)
      .then(async () => {
        const topics = [...group.subscriptions.keys()].sort().join();
        if (this.closing.signal.aborted || topics === group.runningTopics) return;
        if (group.runningTopics) await group.consumer.stop();
        group.runningTopics = '';
        await group.consumer.connect();
        // A new group starts at the earliest offset, so events published before its first join are not
        // lost; a transient group wants only what comes after it and commits no offsets to come back to.
        await group.consumer.subscribe({ topics: [...group.subscriptions.keys()], fromBeginning: !group.transient });
        group.runningTopics = topics;
        await group.consumer.run({
          // Offsets are resolved one handled event at a time, never past a failed one.
          eachBatchAutoResolve: false,
          autoCommit: !group.transient,
          // Committing after every event keeps a rebalance from handing handled events to another member.
          autoCommitThreshold: group.transient ? null : 1,
          eachBatch: (payload) => this.deliverBatch(group, payload),
        });
      });
    return group.starting;
  }

  private async deliverBatch(group: Group, payload: EachBatchPayload): Promise<void> {
    const { batch, resolveOffset, commitOffsetsIfNecessary, heartbeat, pause, isRunning, isStale } = payload;
    const subscription = group.subscriptions.get(batch.topic)!;
    for (const message of batch.messages) {
      if (!isRunning() || isStale()) return;
      const retryInMs = await this.deliver(group, subscription, batch.partition, message);
      if (retryInMs !== undefined) {
        const resume = pause();
        this.later(retryInMs).then(resume, () => undefined);
        return;
      }
      resolveOffset(message.offset);
      await commitOffsetsIfNecessary();
      await heartbeat();
    }
  }

  /** Hands one event to a handler; returns the back-off before it is due again if the handler failed. */
  private async deliver(
    group: Group,
    subscription: Subscription,
    partition: number,
    message: KafkaMessage,
  ): Promise<number | undefined> {
    const { topic } = subscription;
    const where = { group: group.id, topic: topic.name, partition, offset: message.offset };
    let event: EventEnvelope;
    try {
      event = decodeEnvelope(topic, message.value ?? new Uint8Array());
    } catch (error) {
      // Bytes that cannot be decoded never will be; holding the partition on them would stop it for good.
      return this.deadLetter(group, subscription, partition, message, error);
    }
    const key = `${topic.name}/${partition}/${message.offset}`;
    try {
      await subscription.handlers[subscription.next++ % subscription.handlers.length](event);
      group.failures.delete(key);
      return undefined;
    } catch (error) {
      const attempt = (group.failures.get(key) ?? 0) + 1;
      group.failures.set(key, attempt);
      if (attempt >= (this.options.deadLetterAfter ?? Infinity)) {
        group.failures.delete(key);
        return this.deadLetter(group, subscription, partition, message, error);
      }
      const retryInMs = Math.min(
        (this.options.retryDelayMs ?? 1_000) * 2 ** (attempt - 1),
        this.options.maxRetryDelayMs ?? 60_000,
      );
      this.logger.warn({ err: error, ...where, eventId: event.id, attempt, retryInMs }, 'event handler failed, retrying');
      return retryInMs;
    }
  }

  /**
   * Copies the message to `<topic>.dlq` with where it came from (the Kafka names, to replay it) and why;
   * if even that fails, the event is retried.
   */
  private async deadLetter(group: Group, subscription: Subscription, partition: number, message: KafkaMessage, error: unknown): Promise<number | undefined> {
    const { topic, kafkaTopic } = subscription;
    const where = { group: group.id, topic: topic.name, partition, offset: message.offset };
    try {
      await lastValueFrom(
        this.client.emit(deadLetterTopic(kafkaTopic), {
          key: message.key ?? null,
          value: message.value ?? Buffer.alloc(0),
          headers: {
            'cairn-error': String((error as Error)?.message ?? error).slice(0, 1000),
            'cairn-group': group.kafkaGroupId,
            'cairn-topic': kafkaTopic,
            'cairn-partition': String(partition),
            'cairn-offset': message.offset,
          },
        }),
      );
      (this.options.counters ?? uncounted).deadLettered(topic.name, group.id);
      this.logger.error({ err: error, ...where }, 'event moved to the dead-letter topic');
      return undefined;
    } catch (failure) {
      this.logger.error({ err: failure, ...where }, 'dead-letter topic unreachable, retrying the event');
      return this.options.retryDelayMs ?? 1_000;
    }
  }

  /** Resolves after `ms`, or rejects as soon as the bus closes. */
  private later(ms: number): Promise<void> {
    return sleep(ms, undefined, { signal: this.closing.signal });
  }
}

const pinoMethod = {
  [logLevel.ERROR]: 'error',
  [logLevel.WARN]: 'warn',
  [logLevel.INFO]: 'info',
  [logLevel.DEBUG]: 'debug',
} as const;

/** kafkajs logging through pino, at pino's level (so silent in tests). */
function kafkaLogging(logger: Logger) {
  const levels = [logLevel.DEBUG, logLevel.INFO, logLevel.WARN, logLevel.ERROR] as const;
  return {
    logLevel: levels.find((level) => logger.isLevelEnabled(pinoMethod[level])) ?? logLevel.NOTHING,
    logCreator:
      () =>
      ({ namespace, level, log }: LogEntry) => {
        const { message, timestamp: _timestamp, logger: _logger, ...fields } = log;
        logger[pinoMethod[level as keyof typeof pinoMethod] ?? 'error']({ namespace, ...fields }, message);
      },
  };
}
