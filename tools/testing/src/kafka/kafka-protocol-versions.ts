/** The request versions a broker accepts for one API. */
export interface ApiVersionRange {
  apiKey: number;
  min: number;
  max: number;
}

export interface NamedApiVersionRange extends ApiVersionRange {
  name: string;
}

export type KafkaProtocol = 'kafka-4.0' | 'kafka-4.1';

// "validVersions" of apache/kafka clients/src/main/resources/common/message/<name>Request.json at tags
// 4.0.0 (74d93adadb74ff682882b31dde03fea07fb4af97) and 4.1.0 (13f70256db3c994c590e5d262a7cc50b9e973204).
// Every API kafkajs 2.2 implements; the floors are what KIP-896 left.
const validVersions: [apiKey: number, name: string, kafka40: string, kafka41: string][] = [
  [0, 'Produce', '3-12', '3-13'],
  [1, 'Fetch', '4-17', '4-18'],
  [2, 'ListOffsets', '1-10', '1-10'],
  [3, 'Metadata', '0-13', '0-13'],
  [8, 'OffsetCommit', '2-9', '2-9'],
  [9, 'OffsetFetch', '1-9', '1-9'],
  [10, 'FindCoordinator', '0-6', '0-6'],
  [11, 'JoinGroup', '0-9', '0-9'],
  [12, 'Heartbeat', '0-4', '0-4'],
  [13, 'LeaveGroup', '0-5', '0-5'],
  [14, 'SyncGroup', '0-5', '0-5'],
  [15, 'DescribeGroups', '0-6', '0-6'],
  [16, 'ListGroups', '0-5', '0-5'],
  [17, 'SaslHandshake', '0-1', '0-1'],
  [18, 'ApiVersions', '0-4', '0-4'],
  [19, 'CreateTopics', '2-7', '2-7'],
  [20, 'DeleteTopics', '1-6', '1-6'],
  [21, 'DeleteRecords', '0-2', '0-2'],
  [22, 'InitProducerId', '0-5', '0-5'],
  [24, 'AddPartitionsToTxn', '0-5', '0-5'],
  [25, 'AddOffsetsToTxn', '0-4', '0-4'],
  [26, 'EndTxn', '0-5', '0-5'],
  [28, 'TxnOffsetCommit', '0-5', '0-5'],
  [29, 'DescribeAcls', '1-3', '1-3'],
  [30, 'CreateAcls', '1-3', '1-3'],
  [31, 'DeleteAcls', '1-3', '1-3'],
  [32, 'DescribeConfigs', '1-4', '1-4'],
  [33, 'AlterConfigs', '0-2', '0-2'],
  [36, 'SaslAuthenticate', '0-2', '0-2'],
  [37, 'CreatePartitions', '0-3', '0-3'],
  [42, 'DeleteGroups', '0-2', '0-2'],
  [45, 'AlterPartitionReassignments', '0-0', '0-1'],
  [46, 'ListPartitionReassignments', '0-0', '0-0'],
];

function ranges(column: 2 | 3): NamedApiVersionRange[] {
  return validVersions.map((row) => {
    const [min, max] = row[column].split('-').map(Number);
    return { apiKey: row[0], name: row[1], min, max };
  });
}

/**
 * What a broker of each release accepts. A 4.x broker still lists Produce from version 0 in its
 * ApiVersions answer (KAFKA-18659, for librdkafka) but refuses Produce 0 to 2 like every other
 * version below these floors.
 */
export const kafkaApiVersions: Record<KafkaProtocol, readonly NamedApiVersionRange[]> = {
  'kafka-4.0': ranges(2),
  'kafka-4.1': ranges(3),
};

export function apiName(apiKey: number): string {
  return validVersions.find((row) => row[0] === apiKey)?.[1] ?? `ApiKey ${apiKey}`;
}
