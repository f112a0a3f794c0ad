import { startMongoWireDouble } from '../mongo/mongo-wire-double.js';

export interface StoreBackend {
  name: string;
  /** Starts what the backend needs; resolves with the environment selecting it and a stop function. */
  start(): Promise<{ env: NodeJS.ProcessEnv; stop(): Promise<void> }>;
}

/**
 * The document stores a service's HTTP tests run against: SQLite always; MongoDB at MONGO_URL when set,
 * otherwise the wire-level MongoDB test double.
 */
export function documentStoreBackends(): StoreBackend[] {
  const sqlite: StoreBackend = { name: 'SQLite', start: async () => ({ env: {}, stop: async () => {} }) };
  const mongoUrl = process.env.MONGO_URL;
  const mongo: StoreBackend = mongoUrl
    ? {
        name: 'MongoDB at MONGO_URL',
        start: async () => ({ env: { DOCUMENT_STORE: 'mongo', MONGO_URL: mongoUrl }, stop: async () => {} }),
      }
    : {
        name: 'MongoDB wire-level test double',
        start: async () => {
          const double = await startMongoWireDouble();
          return { env: { DOCUMENT_STORE: 'mongo', MONGO_URL: double.url }, stop: () => double.stop() };
        },
      };
  return [sqlite, mongo];
}
