import { afterAll, beforeAll, describe } from '@jest/globals';
import { MongoClient } from 'mongodb';
import { randomUUID } from 'node:crypto';
import {
  dockerEngineReachable,
  startMongoContainer,
  startMongoWireDouble,
  type MongoContainer,
  type MongoWireDouble,
} from '@cairn/testing';
import { describeBlobStoreContract } from '../blob-store.contract.js';
import { GridFsBlobStore } from './gridfs-blob-store.adapter.js';

const mongoUrl = process.env.MONGO_URL;
const dockerReachable = await dockerEngineReachable();

async function dropDatabase(url: string, database: string): Promise<void> {
  const client = await MongoClient.connect(url);
  try {
    await client.db(database).dropDatabase();
  } finally {
    await client.close();
  }
}

if (mongoUrl) {
  describe('GridFsBlobStore on the real MongoDB at MONGO_URL', () => {
    const database = `cairn_contract_${randomUUID().slice(0, 8)}`;
    afterAll(() => dropDatabase(mongoUrl, database));
    describeBlobStoreContract('GridFsBlobStore (real MongoDB, MONGO_URL)', () =>
      GridFsBlobStore.connect({ url: mongoUrl, database }),
    );
  });
} else {
  describe('GridFsBlobStore on the wire-level test double', () => {
    let double: MongoWireDouble;
    beforeAll(async () => {
      double = await startMongoWireDouble();
    });
    afterAll(() => double?.stop());
    describeBlobStoreContract('GridFsBlobStore (wire-level test double)', () =>
      GridFsBlobStore.connect({ url: double.url, database: 'cairn_contract' }),
    );
  });
}

const containerSuite = 'GridFsBlobStore on a testcontainers MongoDB';
(dockerReachable ? describe : describe.skip)(
  dockerReachable ? containerSuite : `${containerSuite} (skipped: no Docker engine reachable)`,
  () => {
    let container: MongoContainer;
    beforeAll(async () => {
      container = await startMongoContainer();
    }, 180_000);
    afterAll(() => container?.stop(), 60_000);
    describeBlobStoreContract('GridFsBlobStore (testcontainers MongoDB)', () =>
      GridFsBlobStore.connect({ url: container.url, database: 'cairn_contract' }),
    );
  },
);
