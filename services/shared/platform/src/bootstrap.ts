import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { DynamicModule, Type } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import { ConfigError, loadPlatformConfig, type PlatformConfig } from './config/platform-config.js';
import { createLogger } from './logging/logger.js';
import { PinoNestLogger } from './logging/nest-logger.js';
import { Metrics } from './metrics/metrics.js';
import { addSecurityHeaders } from './http/security-headers.js';
import { addCompression } from './http/compression.js';

export interface CreateAppOptions {
  /** URL prefix of every Nest route (the standalone server uses `api`); otherwise API_PREFIX, which leaves the probes at the root. */
  prefix?: string;
}

/** Probed by the kubelet and Prometheus at fixed paths, whatever the API's prefix. */
const PROBE_ROUTES = ['healthz', 'readyz', 'metrics'];

/** Where a service started alone finds the accounts service's keys when AUTH_JWKS_URL is not set (under API_PREFIX, as accounts serves them). */
export const localAccountsJwksUrl = (apiPrefix = '') => `http://127.0.0.1:8086${apiPrefix}/.well-known/jwks.json`;

/** Time for the consumers and stores to close once the requests are drained or cut off. */
const CLOSE_AFTER_DRAIN_MS = 15_000;

export interface RunServiceOptions extends CreateAppOptions {
  /** True for processes that host the accounts module and so verify tokens with its key ring. */
  hostsAccounts?: boolean;
  afterCreate?: (app: NestFastifyApplication, config: PlatformConfig) => Promise<void>;
}

/** `X-Forwarded-*` is believed only from the proxies named in TRUST_PROXY: true, a hop count, or addresses and CIDRs. */
function trustProxy(setting: PlatformConfig['TRUST_PROXY']) {
  return typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;
}

/** Builds a Fastify-backed Nest application with Cairn's error shape and request metrics. */
export async function createServiceApp(
  module: Type | DynamicModule,
  config: PlatformConfig,
  options: CreateAppOptions = {},
): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({ bodyLimit: config.BODY_LIMIT_BYTES, trustProxy: trustProxy(config.TRUST_PROXY), logger: false });
  const app = await NestFactory.create<NestFastifyApplication>(module, adapter, {
    logger: new PinoNestLogger(),
    abortOnError: false,
  });
  const prefix = options.prefix ?? config.API_PREFIX;
  if (prefix) app.setGlobalPrefix(prefix, options.prefix ? {} : { exclude: PROBE_ROUTES });
  const fastify = app.getHttpAdapter().getInstance();
  addSecurityHeaders(fastify);
  await addCompression(fastify);
  closeConnectionsWhenDraining(fastify);
  const metrics = app.get(Metrics);
  fastify.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.httpDuration.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
  app.enableShutdownHooks();
  return app;
}

/**
 * Entry point of a service's main.ts: loads configuration (a bad setting stops the process with a
 * message naming the variable), builds the app and listens.
 */
export async function runService(
  service: string,
  defaultPort: number,
  moduleFor: (config: PlatformConfig) => Type | DynamicModule,
  options: RunServiceOptions = {},
): Promise<NestFastifyApplication> {
  const logger = createLogger(service);
  let config: PlatformConfig;
  try {
    config = loadPlatformConfig(service, defaultPort);
    if (!options.hostsAccounts) config.AUTH_JWKS_URL ??= localAccountsJwksUrl(config.API_PREFIX);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${service}: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  try {
    const app = await createServiceApp(moduleFor(config), config, options);
    await options.afterCreate?.(app, config);
    await app.listen(config.port, config.HOST);
    logger.info({ url: await app.getUrl() }, `${service} listening`);
    limitShutdown(config.SHUTDOWN_DRAIN_MS + CLOSE_AFTER_DRAIN_MS, logger);
    return app;
  } catch (error) {
    logger.fatal({ err: error }, `${service} failed to start`);
    process.stderr.write(`${service} failed to start: ${(error as Error).message}\n`);
    process.exit(1);
  }
}

/** Nest shuts down on SIGTERM (GracefulShutdown); one that is still running after `limitMs` ends the process. */
function limitShutdown(limitMs: number, logger: ReturnType<typeof createLogger>): void {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      setTimeout(() => {
        logger.error({ limitMs }, 'shutdown took too long; exiting');
        process.exit(1);
      }, limitMs).unref();
    });
  }
}

/** Answers given while closing end their keep-alive connection, so a drain does not wait out the idle timeout. */
function closeConnectionsWhenDraining(fastify: FastifyInstance): void {
  let draining = false;
  fastify.addHook('preClose', (done) => {
    draining = true;
    done();
  });
  fastify.addHook('onSend', async (_request, reply, payload) => {
    if (draining) reply.header('connection', 'close');
    return payload;
  });
}
