import {
  Global,
  Inject,
  Module,
  type DynamicModule,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { join } from 'node:path';
import { AuthGuard } from './auth/auth.guard.js';
import { EndedSessions } from './auth/ended-sessions.js';
import { organisationClaimNames } from './auth/organisation-claims.js';
import { JoseTokenVerifier, KeySource, TOKEN_VERIFIER } from './auth/token-verifier.js';
import { BLOB_STORE, type BlobStore } from './blobs/blob-store.port.js';
import type { PlatformConfig } from './config/platform-config.js';
import { DocumentStores } from './documents/document-stores.js';
import { ErrorFilter } from './errors/error.filter.js';
import { EVENT_BUS, type EventBus } from './events/event-bus.port.js';
import { Outboxes } from './events/outbox.js';
import { ProcessedEvents, ProcessedEventsPruning } from './events/processed-events.js';
import { HealthController } from './health/health.controller.js';
import { HealthRegistry } from './health/health.registry.js';
import { Metrics } from './metrics/metrics.js';
import { PLATFORM_CONFIG } from './platform.tokens.js';
import { GracefulShutdown } from './lifecycle/graceful-shutdown.js';
import { fetchTrusting, readCaBundle } from './tls/trusted-ca.js';

async function createEventBus(config: PlatformConfig, processed: ProcessedEvents, metrics: Metrics): Promise<EventBus> {
  const counters = metrics.events;
  if (config.EVENT_BUS === 'kafka') {
    const { KafkaEventBus, kafkaSecurity } = await import('./events/adapters/kafka-event-bus.adapter.js');
    return new KafkaEventBus({
      brokers: config.KAFKA_BROKERS!,
      clientId: config.KAFKA_CLIENT_ID ?? `cairn-${config.service}`,
      producer: config.service,
      processed,
      counters,
      deadLetterAfter: config.EVENT_MAX_ATTEMPTS,
      topicPrefix: config.KAFKA_TOPIC_PREFIX,
      // A member that died holds its partitions until the session times out; heartbeats go at a tenth of it.
      consumer: { sessionTimeout: config.KAFKA_SESSION_TIMEOUT_MS, heartbeatInterval: Math.max(100, Math.floor(config.KAFKA_SESSION_TIMEOUT_MS / 10)) },
      ...kafkaSecurity(config),
    });
  }
  const { InProcessEventBus } = await import('./events/adapters/in-process-event-bus.adapter.js');
  return new InProcessEventBus({ producer: config.service, processed, counters });
}

async function createBlobStore(config: PlatformConfig): Promise<BlobStore> {
  if (config.BLOB_STORE === 'gridfs') {
    const { GridFsBlobStore } = await import('./blobs/adapters/gridfs-blob-store.adapter.js');
    return new GridFsBlobStore({ url: config.MONGO_URL!, database: 'cairn_blobs', caFile: config.MONGO_CA_FILE });
  }
  const { FileBlobStore } = await import('./blobs/adapters/file-blob-store.adapter.js');
  return new FileBlobStore(join(config.DATA_DIR, 'blobs'));
}

/**
 * Everything a Cairn process needs once: configuration, event bus, stores, blob store, token
 * verification with the global auth guard, the error filter, health and metrics.
 */
@Global()
@Module({})
export class PlatformModule implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    private readonly stores: DocumentStores,
    private readonly outboxes: Outboxes,
  ) {}

  static forRoot(config: PlatformConfig): DynamicModule {
    return {
      module: PlatformModule,
      controllers: [HealthController],
      providers: [
        { provide: PLATFORM_CONFIG, useValue: config },
        HealthRegistry,
        Metrics,
        {
          provide: DocumentStores,
          useFactory: (health: HealthRegistry) => DocumentStores.create(config, health),
          inject: [HealthRegistry],
        },
        {
          provide: ProcessedEvents,
          useFactory: (stores: DocumentStores, metrics: Metrics) => new ProcessedEvents(stores.get(config.service), metrics.events),
          inject: [DocumentStores, Metrics],
        },
        { provide: EVENT_BUS, useFactory: createEventBus, inject: [PLATFORM_CONFIG, ProcessedEvents, Metrics] },
        ProcessedEventsPruning,
        { provide: Outboxes, useFactory: (stores: DocumentStores, bus: EventBus) => new Outboxes(stores, bus), inject: [DocumentStores, EVENT_BUS] },
        { provide: BLOB_STORE, useFactory: createBlobStore, inject: [PLATFORM_CONFIG] },
        {
          provide: KeySource,
          useFactory: () => (config.AUTH_JWKS_URL ? KeySource.remote(config.AUTH_JWKS_URL, fetchTrusting(readCaBundle('OIDC_CA_FILE', config.OIDC_CA_FILE))) : KeySource.local()),
        },
        {
          provide: TOKEN_VERIFIER,
          useFactory: (keys: KeySource) =>
            new JoseTokenVerifier(keys, { issuer: config.AUTH_ISSUER, audience: config.AUTH_AUDIENCE, organisationClaims: organisationClaimNames(config), tokens: config.AUTH_MODE }),
          inject: [KeySource],
        },
        EndedSessions,
        GracefulShutdown,
        { provide: APP_GUARD, useClass: AuthGuard },
        { provide: APP_FILTER, useClass: ErrorFilter },
      ],
      exports: [PLATFORM_CONFIG, HealthRegistry, Metrics, DocumentStores, EVENT_BUS, Outboxes, BLOB_STORE, KeySource, TOKEN_VERIFIER, EndedSessions],
    };
  }

  onApplicationBootstrap(): void {
    this.outboxes.startAll();
  }

  /** After GracefulShutdown has drained the requests and stopped the consumers, and the modules have closed their clients. */
  async onApplicationShutdown(): Promise<void> {
    await this.blobs.close();
    await this.stores.closeAll();
  }
}
