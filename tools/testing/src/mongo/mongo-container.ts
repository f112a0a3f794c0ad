import { existsSync } from 'node:fs';
import { connect, type NetConnectOpts } from 'node:net';

export interface MongoContainer {
  url: string;
  stop(): Promise<void>;
}

/** Where the Docker engine listens (DOCKER_HOST or the default socket); undefined when it cannot be probed. */
function dockerEndpoint(): NetConnectOpts | undefined {
  const dockerHost = process.env.DOCKER_HOST;
  if (!dockerHost) return { path: '/var/run/docker.sock' };
  const url = new URL(dockerHost);
  if (url.protocol === 'unix:') return { path: url.pathname };
  if (['tcp:', 'http:', 'https:'].includes(url.protocol)) return { host: url.hostname, port: Number(url.port || 2375) };
  return undefined;
}

/**
 * Whether a Docker engine answers at its socket within `timeoutMs`: cheap enough to decide at
 * load time whether testcontainers suites run. An endpoint we cannot probe (ssh://) counts as reachable.
 */
export function dockerEngineReachable(timeoutMs = 500): Promise<boolean> {
  let endpoint: NetConnectOpts | undefined;
  try {
    endpoint = dockerEndpoint();
  } catch {
    return Promise.resolve(false);
  }
  if (!endpoint) return Promise.resolve(true);
  if ('path' in endpoint && !existsSync(endpoint.path)) return Promise.resolve(false);
  return new Promise((resolve) => {
    const socket = connect(endpoint);
    const finish = (reachable: boolean) => {
      socket.destroy();
      resolve(reachable);
    };
    socket.setTimeout(timeoutMs, () => finish(false));
    socket.once('connect', () => finish(true));
    socket.once('error', () => finish(false));
  });
}

const INITIATE_REPLICA_SET = `
try { rs.status() } catch { rs.initiate({ _id: 'rs0', members: [{ _id: 0, host: 'localhost:27017' }] }) }
while (!db.hello().isWritablePrimary) sleep(100)`;

/**
 * A throwaway single-node replica set in Docker (transactions need one); testcontainers is imported
 * only here, so loading this module stays cheap.
 */
export async function startMongoContainer(image = 'mongo:8.0'): Promise<MongoContainer> {
  const { GenericContainer, Wait } = await import('testcontainers');
  const container = await new GenericContainer(image)
    .withCommand(['--replSet', 'rs0', '--bind_ip_all'])
    .withExposedPorts(27017)
    .withWaitStrategy(Wait.forLogMessage(/Waiting for connections/))
    .start();
  const initiated = await container.exec(['mongosh', '--quiet', '--eval', INITIATE_REPLICA_SET]);
  if (initiated.exitCode !== 0) throw new Error(`replica set initiation failed: ${initiated.output}`);
  return {
    url: `mongodb://${container.getHost()}:${container.getMappedPort(27017)}/?directConnection=true`,
    stop: async () => {
      await container.stop();
    },
  };
}
