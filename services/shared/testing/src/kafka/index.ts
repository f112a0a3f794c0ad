export { startKafkaTestBroker, type KafkaTestBroker, type KafkaTestBrokerOptions } from './kafka-test-broker.js';
export { mockClusterConsumerConfig } from './mock-cluster-consumer-config.js';
