import { resolve } from 'node:path';
import { startElasticsearchDouble } from '../elasticsearch/elasticsearch-double.js';
import { startKafkaTestBroker } from '../kafka/kafka-test-broker.js';
import { startMongoWireDouble } from '../mongo/mongo-wire-double.js';
import { spawnService, type SpawnedService } from '../process/spawn-service.js';
import { startQdrantDouble } from '../qdrant/qdrant-double.js';
import { apiPrefix, startApiGateway } from './api-gateway.js';
import { addCounts, noEvents, scrapeEventCounts, type EventCounts } from './event-counts.js';
import { helmTemplate } from './helm.js';
import { ingressRules } from './ingress-rules.js';
import { startRemoteOrigin } from './static-files.js';

export const CLUSTER_SERVICES = ['accounts', 'search', 'generation', 'conversations', 'saved-protocols', 'uploads'] as const;
export type ClusterService = (typeof CLUSTER_SERVICES)[number];

export interface CairnCluster {
  /** The API as the Ingress serves it: `<url>/api/...`. */
  url: string;
  services: Record<ClusterService, SpawnedService>;
  backends: { mongoUrl: string; elasticsearchUrl: string; qdrantUrl: string; kafkaBrokers: string[] };
  forwarded(): Record<string, number>;
  /** Each remote's origin and the paths it was asked for (with `frontends`). */
  remotes: Record<string, { url: string; requested(): string[] }>;
  /** Event counters summed over every service process, killed ones included (read just before the kill). */
  eventCounts(): Promise<EventCounts>;
  /** Kills a service with SIGKILL (no shutdown hooks run) and starts it again on the same backends. */
  crashAndRestart(name: ClusterService): Promise<void>;
  /** Restarts a service so that it SIGKILLs itself when it reaches `point` (a `crashPoint` name). */
  armCrash(name: ClusterService, point: string): Promise<void>;
  /** Waits for an armed service to have killed itself, and starts it again unarmed. */
  recover(name: ClusterService, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

export interface CairnClusterOptions {
  /** The repository root (its `charts/cairn`, `services/<name>/dist/main.js` and `frontends/<app>/dist`). */
  root: string;
  env?: NodeJS.ProcessEnv;
  /** Also serve the built shell at the gateway's `/` and each remote from its own origin. */
  frontends?: boolean;
}

/** The controller and IngressClass of the chart's default values (`ingress.controller`, `ingress.className`). */
const DEFAULT_INGRESS = { controller: 'ingress-nginx', className: 'nginx' } as const;

export const REMOTE_APPS = ['chat', 'sidebar', 'upload'] as const;

async function startBackends(env: NodeJS.ProcessEnv = {}) {
  const starting = await Promise.allSettled([
    startKafkaTestBroker({ brokers: 3, topicPrefix: env.KAFKA_TOPIC_PREFIX }),
    process.env.MONGO_URL ? null : startMongoWireDouble(),
    process.env.ELASTICSEARCH_URL ? null : startElasticsearchDouble(),
    process.env.QDRANT_URL ? null : startQdrantDouble(),
  ]);
  const started = starting.flatMap((outcome) => (outcome.status === 'fulfilled' && outcome.value ? [outcome.value] : []));
  const stop = () => Promise.all(started.map((backend) => backend.stop())).then(() => undefined);
  const failed = starting.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  if (failed) {
    // Whatever did start is stopped, so a failed start leaves no process or socket keeping the test runner alive.
    await stop();
    throw failed.reason;
  }
  const [broker, mongo, elasticsearch, qdrant] = starting.map((outcome) => (outcome as PromiseFulfilledResult<unknown>).value) as [
    Awaited<ReturnType<typeof startKafkaTestBroker>>,
    Awaited<ReturnType<typeof startMongoWireDouble>> | null,
    Awaited<ReturnType<typeof startElasticsearchDouble>> | null,
    Awaited<ReturnType<typeof startQdrantDouble>> | null,
  ];
  return {
    urls: {
      mongoUrl: process.env.MONGO_URL ?? mongo!.url,
      elasticsearchUrl: process.env.ELASTICSEARCH_URL ?? elasticsearch!.url,
      qdrantUrl: process.env.QDRANT_URL ?? qdrant!.url,
      kafkaBrokers: broker.brokers,
    },
    stop,
  };
}

/**
 * The cluster deployment on one machine: the six services as separate processes from their built
 * `main.js` with the cluster adapters (Kafka, MongoDB + GridFS, Elasticsearch, Qdrant; the test
 * doubles unless MONGO_URL / ELASTICSEARCH_URL / QDRANT_URL name real servers), tokens verified by
 * JWKS over HTTP, behind a gateway that applies the chart's rendered Ingress rules the way the default
 * controller (ingress-nginx, class `nginx`) reads them.
 */
export async function startCairnCluster(options: CairnClusterOptions): Promise<CairnCluster> {
  const chart = helmTemplate('charts/cairn', { valuesFiles: ['charts/cairn/ci/required-values.yaml'] });
  const backends = await startBackends(options.env);
  const started: SpawnedService[] = [];
  let stopRemotes = async (): Promise<unknown> => undefined;
  try {
    const { urls } = backends;
    const env: NodeJS.ProcessEnv = {
      EVENT_BUS: 'kafka',
      KAFKA_BROKERS: urls.kafkaBrokers.join(','),
      DOCUMENT_STORE: 'mongo',
      MONGO_URL: urls.mongoUrl,
      BLOB_STORE: 'gridfs',
      SEARCH_KEYWORD_INDEX: 'elasticsearch',
      ELASTICSEARCH_URL: urls.elasticsearchUrl,
      SEARCH_VECTOR_INDEX: 'qdrant',
      QDRANT_URL: urls.qdrantUrl,
      KAFKA_SESSION_TIMEOUT_MS: '6000',
      ...(apiPrefix(chart) && { API_PREFIX: apiPrefix(chart) }),
      ...options.env,
    };
    const services = {} as Record<ClusterService, SpawnedService>;
    const upstreams: Record<string, string> = {};
    let ofKilledProcesses = noEvents();
    const spawn = async (name: ClusterService, extra: NodeJS.ProcessEnv = {}) => {
      const service = await spawnService(resolve(options.root, 'services', name, 'dist/main.js'), { ...env, ...extra }, 90_000);
      started.push(service);
      services[name] = service;
      upstreams[name] = service.url;
    };
    await spawn('accounts');
    const jwks = { AUTH_JWKS_URL: `${services.accounts.url}${env.API_PREFIX ?? ''}/.well-known/jwks.json` };
    await Promise.all(CLUSTER_SERVICES.filter((name) => name !== 'accounts').map((name) => spawn(name, jwks)));
    const remotes = options.frontends
      ? Object.fromEntries(await Promise.all(REMOTE_APPS.map(async (name) => [name, await startRemoteOrigin(name, resolve(options.root, 'frontends', name, 'dist'))] as const)))
      : {};
    stopRemotes = () => Promise.all(Object.values(remotes).map((remote) => remote.stop()));
    const shell = options.frontends
      ? {
          dir: resolve(options.root, 'frontends/shell/dist'),
          routes: ['/', '/login', '/signup', '/forgot-password', '/dashboard'],
          runtimeConfig: {
            apiBaseUrl: '/api',
            remotes: Object.fromEntries(Object.entries(remotes).map(([name, remote]) => [name, `${remote.url}/remotes/${name}/mf-manifest.json`])),
            auth: { mode: 'local' },
          },
        }
      : undefined;
    const gateway = await startApiGateway(ingressRules(chart, DEFAULT_INGRESS), upstreams, shell);
    return {
      url: gateway.url,
      services,
      backends: urls,
      forwarded: gateway.forwarded,
      remotes,
      eventCounts: async () => (await Promise.all(Object.values(services).map((service) => scrapeEventCounts(service.url)))).reduce(addCounts, ofKilledProcesses),
      crashAndRestart: async (name) => {
        const crashed = services[name];
        ofKilledProcesses = addCounts(ofKilledProcesses, await scrapeEventCounts(crashed.url));
        const exited = new Promise<void>((done) => crashed.process.once('exit', () => done()));
        crashed.process.kill('SIGKILL');
        await exited;
        await spawn(name, { ...(name === 'accounts' ? {} : jwks), DATA_DIR: crashed.dataDir });
      },
      armCrash: async (name, point) => {
        const running = services[name];
        ofKilledProcesses = addCounts(ofKilledProcesses, await scrapeEventCounts(running.url));
        await running.stop();
        await spawn(name, { ...(name === 'accounts' ? {} : jwks), DATA_DIR: running.dataDir, CAIRN_CRASH_POINT: point });
      },
      recover: async (name, timeoutMs = 60_000) => {
        const armed = services[name];
        if (armed.process.exitCode === null && armed.process.signalCode === null) {
          await new Promise<void>((done, fail) => {
            const timer = setTimeout(() => fail(new Error(`${name} did not reach its crash point within ${timeoutMs} ms`)), timeoutMs);
            armed.process.once('exit', () => {
              clearTimeout(timer);
              done();
            });
          });
        }
        await spawn(name, { ...(name === 'accounts' ? {} : jwks), DATA_DIR: armed.dataDir, CAIRN_CRASH_POINT: '' });
      },
      stop: async () => {
        await gateway.stop();
        await stopRemotes();
        await Promise.all(started.map((service) => service.stop()));
        await backends.stop();
      },
    };
  } catch (error) {
    await stopRemotes();
    await Promise.all(started.map((service) => service.stop()));
    await backends.stop();
    throw error;
  }
}
