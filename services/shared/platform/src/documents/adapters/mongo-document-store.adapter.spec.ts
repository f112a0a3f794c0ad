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
import { describeDocumentStoreContract } from '../document-store.contract.js';
import { MongoDocumentStore } from './mongo-document-store.adapter.js';

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
  describe('MongoDocumentStore on the real MongoDB at MONGO_URL', () => {
    const database = `cairn_contract_${randomUUID().slice(0, 8)}`;
    afterAll(() => dropDatabase(mongoUrl, database));
    describeDocumentStoreContract('MongoDocumentStore (real MongoDB, MONGO_URL)', () =>
      MongoDocumentStore.connect({ url: mongoUrl, database }),
    );
  });
} else {
  describe('MongoDocumentStore on the wire-level test double', () => {
    let double: MongoWireDouble;
    beforeAll(async () => {
      double = await startMongoWireDouble();
    });
    afterAll(() => double?.stop());
    describeDocumentStoreContract('MongoDocumentStore (wire-level test double)', () =>
      MongoDocumentStore.connect({ url: double.url, database: 'cairn_contract' }),
    );
  });
}

const containerSuite = 'MongoDocumentStore on a testcontainers MongoDB';
(dockerReachable ? describe : describe.skip)(
  dockerReachable ? containerSuite : `${containerSuite} (skipped: no Docker engine reachable)`,
  () => {
    let container: MongoContainer;
    beforeAll(async () => {
      container = await startMongoContainer();
    }, 180_000);
    afterAll(() => container?.stop(), 60_000);
    describeDocumentStoreContract('MongoDocumentStore (testcontainers MongoDB)', () =>
      MongoDocumentStore.connect({ url: container.url, database: 'cairn_contract' }),
    );
  },
);
