export { startKafkaTestBroker, type KafkaTestBroker, type KafkaTestBrokerOptions } from './kafka-test-broker.js';
export { mockClusterConsumerConfig } from './mock-cluster-consumer-config.js';
export { apiName, kafkaApiVersions, type ApiVersionRange, type KafkaProtocol, type NamedApiVersionRange } from './kafka-protocol-versions.js';
export { readApiVersions, sendRawRequest } from './kafka-wire.js';
export { recordKafkaRequests, type KafkaRequestRecorder, type SentRequest } from './kafka-request-recorder.js';
