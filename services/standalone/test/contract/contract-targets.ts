import { afterAll, beforeAll, describe } from '@jest/globals';
import type { DynamicModule, Type } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DocumentStores, type DocumentStore, type PlatformConfig } from '@cairn/platform';
import { signUpTestUser, startTestApp, type JsonResponse, type RequestOptions, type TestApp } from '@cairn/testing';
import { StandaloneModule } from '../../src/index.js';

export interface ContractUser {
  uid: string;
  token: string;
}

/** Where a contract suite sends the spec's calls: the standalone server, or one service started alone. */
export interface ContractTarget {
  name: string;
  /** True when every service answers (the standalone server); a service alone cannot finish cross-service flows. */
  whole: boolean;
  baseUrl: string;
  request<T = any>(method: string, path: string, options?: RequestOptions): Promise<JsonResponse<T>>;
  user(): Promise<ContractUser>;
  /** The document store a service keeps its data in ('uploads', 'conversations', …), to set up long lists. */
  documents(service: string): DocumentStore;
  close(): Promise<void>;
}

function target(name: string, whole: boolean, app: TestApp, user: () => Promise<ContractUser>): ContractTarget {
  return { name, whole, baseUrl: app.url, request: app.request, user, documents: (service) => app.app.get(DocumentStores).get(service), close: () => app.close() };
}

/**
 * The targets of one docs/product-spec.md §7 table: the standalone server (users signed up through accounts) and the
 * service that owns the table, started alone (users with tokens of a test issuer).
 */
export function contractTargets(service: string, moduleFor: (config: PlatformConfig) => Type | DynamicModule): { name: string; whole: boolean; start(): Promise<ContractTarget> }[] {
  const env = { EMBEDDER: 'none' };
  return [
    {
      name: 'the standalone server',
      whole: true,
      start: async () => {
        const app = await startTestApp((config) => StandaloneModule.forRoot(config), { service: 'standalone', prefix: 'api', env });
        return target('standalone', true, app, async () => signUpTestUser(app));
      },
    },
    {
      name: `${service} started alone`,
      whole: false,
      start: async () => {
        const app = await startTestApp(moduleFor, { service, env });
        return target(service, false, app, async () => {
          const uid = `clinician-${randomUUID()}`;
          return { uid, token: await app.tokenFor(uid) };
        });
      },
    },
  ];
}

/** What one target's tests share: the target and a user signed in there, both ready once the suite starts. */
export interface ContractSession {
  api: ContractTarget;
  user: ContractUser;
  readonly whole: boolean;
}

/** Runs `define` once for each target of `service`'s table, with a started target and a user. */
export function describeContract(
  service: string,
  moduleFor: (config: PlatformConfig) => Type | DynamicModule,
  title: string,
  define: (session: ContractSession) => void,
): void {
  describe.each(contractTargets(service, moduleFor))(`${title} on $name`, (target) => {
    const session = { whole: target.whole } as ContractSession;
    beforeAll(async () => {
      session.api = await target.start();
      session.user = await session.api.user();
    }, 120_000);
    afterAll(() => session.api?.close());
    define(session);
  });
}
