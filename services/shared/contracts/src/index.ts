export * from './topics.js';
export * from './claim-checks.js';
export * from './claim-check-keys.js';
export * from './gen/cairn/events/v1/envelope_pb.js';
export * from './gen/cairn/uploads/v1/events_pb.js';
export * from './gen/cairn/protocols/v1/events_pb.js';
export * from './gen/cairn/accounts/v1/events_pb.js';
export * from './gen/cairn/search/v1/search_pb.js';
