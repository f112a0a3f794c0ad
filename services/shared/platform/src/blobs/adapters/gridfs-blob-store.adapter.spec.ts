import { afterAll } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { dockerEngineReachable, dropMongoDatabase, startMongoContainer, startMongoWireDouble } from '@cairn/testing';
import { describeOnServers } from '@cairn/testing/suites';
import { describeBlobStoreContract } from '../blob-store.contract.js';
import { GridFsBlobStore } from './gridfs-blob-store.adapter.js';

const targets = { server: 'MongoDB', urlVariable: 'MONGO_URL', startDouble: startMongoWireDouble, startContainer: startMongoContainer, dockerReachable: await dockerEngineReachable() };

describeOnServers('GridFsBlobStore', targets, (server) => {
  const database = `cairn_contract_${randomUUID().slice(0, 8)}`;
  if (server.kind === 'real') afterAll(() => dropMongoDatabase(server.url(), database));
  describeBlobStoreContract(`GridFsBlobStore (${server.label})`, () => GridFsBlobStore.connect({ url: server.url(), database }));
});
