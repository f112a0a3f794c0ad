import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeDocumentStoreContract } from '../document-store.contract.js';
import { SqliteDocumentStore } from './sqlite-document-store.adapter.js';

describeDocumentStoreContract('SqliteDocumentStore (file, WAL)', async () =>
  new SqliteDocumentStore(join(mkdtempSync(join(tmpdir(), 'cairn-docs-')), 'service.sqlite')),
);
