import { join } from 'node:path';
import type { PlatformConfig } from '../config/platform-config.js';
import type { HealthRegistry } from '../health/health.registry.js';
import type { DocumentStore } from './document-store.port.js';

type Opener = (name: string) => DocumentStore;

/** Opens one DocumentStore per service name: `DATA_DIR/<name>.sqlite` or the `cairn_<name>` Mongo database. */
export class DocumentStores {
  private readonly open = new Map<string, DocumentStore>();

  private constructor(
    private readonly opener: Opener,
    private readonly health: HealthRegistry,
  ) {}

  /** Loads only the adapter the configuration selects (a standalone process never loads mongoose). */
  static async create(config: PlatformConfig, health: HealthRegistry): Promise<DocumentStores> {
    if (config.DOCUMENT_STORE === 'mongo') {
      const { MongoDocumentStore } = await import('./adapters/mongo-document-store.adapter.js');
      return new DocumentStores(
        (name) => new MongoDocumentStore({ url: config.MONGO_URL!, database: `cairn_${name.replaceAll('-', '_')}`, caFile: config.MONGO_CA_FILE }),
        health,
      );
    }
    const { SqliteDocumentStore } = await import('./adapters/sqlite-document-store.adapter.js');
    return new DocumentStores((name) => new SqliteDocumentStore(join(config.DATA_DIR, `${name}.sqlite`)), health);
  }

  get(name: string): DocumentStore {
    let store = this.open.get(name);
    if (!store) {
      const opened = this.opener(name);
      this.open.set(name, opened);
      this.health.register(`documents:${name}`, () => opened.ping());
      store = opened;
    }
    return store;
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.open.values()].map((store) => store.close()));
    this.open.clear();
  }
}
