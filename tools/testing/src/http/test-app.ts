import type { DynamicModule, Type } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServiceApp, KeySource, loadPlatformConfig, type CreateAppOptions, type PlatformConfig } from '@cairn/platform';
import { createTestTokens } from './test-tokens.js';

export interface JsonResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface RequestOptions {
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
}

export interface TestApp {
  app: NestFastifyApplication;
  config: PlatformConfig;
  /** Base URL including the prefix, e.g. http://127.0.0.1:41234/api */
  url: string;
  request<T = any>(method: string, path: string, options?: RequestOptions): Promise<JsonResponse<T>>;
  /** A valid token for `uid` (only for apps that do not host the accounts module). */
  tokenFor(uid: string, options?: { expiresIn?: string }): Promise<string>;
  close(): Promise<void>;
}

/** Starts a Cairn Nest app on a free loopback port with its own temporary DATA_DIR. */
export async function startTestApp(
  moduleFor: (config: PlatformConfig) => Type | DynamicModule,
  options: CreateAppOptions & {
    service?: string;
    env?: NodeJS.ProcessEnv;
    beforeListen?: (app: NestFastifyApplication) => Promise<void>;
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cairn-test-'));
  const config = loadPlatformConfig(options.service ?? 'test', 0, { DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...options.env });
  const app = await createServiceApp(moduleFor(config), config, options);
  const tokens = await createTestTokens(config.AUTH_ISSUER, config.AUTH_AUDIENCE);
  app.get(KeySource).provide(tokens.getKey);
  await options.beforeListen?.(app);
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address() as { port: number };
  const url = `http://127.0.0.1:${address.port}${options.prefix ? `/${options.prefix}` : ''}`;
  return {
    app,
    config,
    url,
    request: (method, path, requestOptions) => requestJson(`${url}${path}`, method, requestOptions),
    tokenFor: (uid, tokenOptions) => tokens.tokenFor(uid, tokenOptions),
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function requestJson<T = any>(url: string, method: string, options: RequestOptions = {}): Promise<JsonResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  }
  const response = await fetch(url, { method, headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = text;
  }
  return { status: response.status, body: parsed as T, headers: response.headers };
}
