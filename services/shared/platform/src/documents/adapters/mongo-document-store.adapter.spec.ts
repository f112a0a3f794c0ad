import { afterAll } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { dockerEngineReachable, dropMongoDatabase, startMongoContainer, startMongoWireDouble } from '@cairn/testing';
import { describeOnServers } from '@cairn/testing/suites';
import { describeDocumentStoreContract } from '../document-store.contract.js';
import { MongoDocumentStore } from './mongo-document-store.adapter.js';

const targets = { server: 'MongoDB', urlVariable: 'MONGO_URL', startDouble: startMongoWireDouble, startContainer: startMongoContainer, dockerReachable: await dockerEngineReachable() };

describeOnServers('MongoDocumentStore', targets, (server) => {
  const database = `cairn_contract_${randomUUID().slice(0, 8)}`;
  if (server.kind === 'real') afterAll(() => dropMongoDatabase(server.url(), database));
  describeDocumentStoreContract(`MongoDocumentStore (${server.label})`, () => MongoDocumentStore.connect({ url: server.url(), database }));
});
