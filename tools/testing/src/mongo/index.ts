export { startMongoWireDouble, type MongoWireDouble } from './mongo-wire-double.js';
export { dockerEngineReachable, startMongoContainer, type MongoContainer } from './mongo-container.js';
export { dropMongoDatabase } from './drop-database.js';
