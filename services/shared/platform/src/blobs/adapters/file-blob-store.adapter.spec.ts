import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeBlobStoreContract } from '../blob-store.contract.js';
import { FileBlobStore } from './file-blob-store.adapter.js';

describeBlobStoreContract('FileBlobStore', async () => new FileBlobStore(mkdtempSync(join(tmpdir(), 'cairn-blobs-'))));
