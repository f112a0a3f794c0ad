import { PartitionAssigners, type ConsumerConfig, type PartitionAssigner } from 'kafkajs';
import { setTimeout as sleep } from 'node:timers/promises';

// librdkafka 2.0.2's mock coordinator completes a sync as soon as the leader's SyncGroup arrives and
// answers a follower's later SyncGroup with INVALID_REQUEST (a kafkajs crash); the leader waits a
// moment so followers sync first.
const followersSyncFirst: PartitionAssigner = (config) => {
  const roundRobin = PartitionAssigners.roundRobin(config);
  return {
    ...roundRobin,
    assign: async (group) => {
      await sleep(200);
      return roundRobin.assign(group);
    },
  };
};

/**
 * kafkajs consumer settings for the mock cluster: it lets a new group's first member wait 3 s and a
 * rebalance wait sessionTimeout - 1 s, and holds an empty fetch for the full maxWaitTime.
 */
export const mockClusterConsumerConfig = {
  sessionTimeout: 4_000,
  rebalanceTimeout: 4_000,
  heartbeatInterval: 300,
  maxWaitTimeInMs: 50,
  partitionAssigners: [followersSyncFirst],
} satisfies Omit<ConsumerConfig, 'groupId'>;
