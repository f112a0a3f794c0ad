/**
 * What each service publishes and consumes, read from its code: the publish and subscribe sites of
 * services/<name>/src and the subscriptions every service gets from the shared platform. The chart's
 * KafkaUser ACLs and KEDA triggers are checked against this.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Topics } from '../../../services/shared/contracts/src/topics.js';

export interface ConsumerGroup {
  /** The group id, or the fixed start of ids made at run time (`prefix`). */
  name: string;
  prefix: boolean;
  topics: string[];
}

export interface EventFlow {
  publishes: string[];
  groups: ConsumerGroup[];
}

const topicName = (key: string): string => {
  const topic = (Topics as Record<string, { name: string }>)[key];
  if (!topic) throw new Error(`Topics.${key} is not a topic of services/shared/contracts/src/topics.ts`);
  return topic.name;
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(entry) && !/\.spec\.ts$/.test(entry) ? [path] : [];
  });
}

/** Checks that the shared platform still subscribes every service the way eventFlows assumes, and says how. */
function platformGroups(repoRoot: string, service: string): ConsumerGroup[] {
  const endedSessions = readFileSync(join(repoRoot, 'services/shared/platform/src/auth/ended-sessions.ts'), 'utf8');
  const expected = [
    'const group = `${this.config.service}.sessions`;',
    'const replica = `${group}.${randomUUID()}`;',
    'this.bus.subscribe(Topics.userDeleted, group,',
    'this.bus.subscribe(Topics.userSignedOut, group,',
    'this.bus.subscribe(Topics.userDeleted, replica,',
    'this.bus.subscribe(Topics.userSignedOut, replica,',
  ];
  const missing = expected.filter((line) => !endedSessions.includes(line));
  if (missing.length) throw new Error(`ended-sessions.ts no longer subscribes as expected: ${missing.join(' | ')}`);
  // `<service>.sessions` and `<service>.sessions.<uuid>`: one prefix covers both.
  return [{ name: `${service}.sessions`, prefix: true, topics: [topicName('userDeleted'), topicName('userSignedOut')] }];
}

/** The event flows of every service, from its source. */
export function eventFlowsFromCode(repoRoot: string, services: string[]): Record<string, EventFlow> {
  const requestReply = readFileSync(join(repoRoot, 'services/shared/platform/src/events/request-reply.ts'), 'utf8');
  if (!requestReply.includes('private readonly group = `${replyTopic.name}-${randomUUID()}`')) {
    throw new Error('request-reply.ts no longer names the requester group `<reply topic>-<uuid>`');
  }
  const flows: Record<string, EventFlow> = {};
  for (const service of services) {
    const files = sourceFiles(join(repoRoot, 'services', service, 'src')).map((file) => readFileSync(file, 'utf8'));
    const source = files.join('\n');
    const constants = [...source.matchAll(/const GROUP = '([^']+)'/g)].map((match) => match[1]);
    if (new Set(constants).size > 1) throw new Error(`${service} declares several GROUP constants: ${constants.join(', ')}`);
    const groupOf = (argument: string) => (argument === 'GROUP' ? constants[0] : argument.replace(/^'|'$/g, ''));

    const publishes = new Set<string>();
    const groups = new Map<string, ConsumerGroup>();
    const consume = (group: string, prefix: boolean, topic: string) => {
      const entry = groups.get(group) ?? { name: group, prefix, topics: [] };
      if (!entry.topics.includes(topic)) entry.topics.push(topic);
      groups.set(group, entry);
    };
    const group = `(GROUP|'[^']+')`;
    for (const match of source.matchAll(/\.(?:publish|event)\(\s*Topics\.(\w+)/g)) publishes.add(topicName(match[1]));
    for (const match of source.matchAll(new RegExp(`\\.subscribe\\(\\s*Topics\\.(\\w+)\\s*,\\s*${group}`, 'g'))) consume(groupOf(match[2]), false, topicName(match[1]));
    for (const match of source.matchAll(new RegExp(`eraseOnUserDeleted\\(\\s*[\\w.]+\\s*,\\s*${group}`, 'g'))) consume(groupOf(match[1]), false, topicName('userDeleted'));
    for (const match of source.matchAll(new RegExp(`respondTo\\(\\s*[\\w.]+\\s*,\\s*Topics\\.(\\w+)\\s*,\\s*Topics\\.(\\w+)\\s*,\\s*${group}`, 'g'))) {
      consume(groupOf(match[3]), false, topicName(match[1]));
      publishes.add(topicName(match[2]));
    }
    for (const match of source.matchAll(/new EventRequester\(\s*[\w.]+\s*,\s*Topics\.(\w+)\s*,\s*Topics\.(\w+)\s*\)/g)) {
      publishes.add(topicName(match[1]));
      consume(`${topicName(match[2])}-`, true, topicName(match[2]));
    }
    // Any other site (a new wrapper around subscribe, a topic or group in a variable) must be taught to this reader.
    const sites = [...source.matchAll(/\.subscribe\(|eraseOnUserDeleted\(|respondTo\(|new EventRequester\(/g)].length;
    const recognised =
      [...source.matchAll(new RegExp(`\\.subscribe\\(\\s*Topics\\.(\\w+)\\s*,\\s*${group}`, 'g'))].length +
      [...source.matchAll(new RegExp(`eraseOnUserDeleted\\(\\s*[\\w.]+\\s*,\\s*${group}`, 'g'))].length +
      [...source.matchAll(new RegExp(`respondTo\\(\\s*[\\w.]+\\s*,\\s*Topics\\.(\\w+)\\s*,\\s*Topics\\.(\\w+)\\s*,\\s*${group}`, 'g'))].length +
      [...source.matchAll(/new EventRequester\(\s*[\w.]+\s*,\s*Topics\.(\w+)\s*,\s*Topics\.(\w+)\s*\)/g)].length;
    if (recognised !== sites) throw new Error(`${service}: ${sites - recognised} subscribe site(s) this reader does not understand`);
    const publishSites = [...source.matchAll(/\.(?:publish|event)\(/g)].length;
    const publishRecognised = [...source.matchAll(/\.(?:publish|event)\(\s*Topics\.(\w+)/g)].length;
    if (publishSites !== publishRecognised) throw new Error(`${service}: ${publishSites - publishRecognised} publish site(s) this reader does not understand`);

    for (const platformGroup of platformGroups(repoRoot, service)) groups.set(platformGroup.name, platformGroup);
    flows[service] = {
      publishes: [...publishes].sort(),
      groups: [...groups.values()].map((entry) => ({ ...entry, topics: [...entry.topics].sort() })).sort((a, b) => a.name.localeCompare(b.name)),
    };
  }
  return flows;
}

export interface Acl {
  resource: { type: 'topic' | 'group'; name: string; patternType: 'literal' | 'prefix' };
  operations: string[];
}

/** The least ACLs a service's KafkaUser needs for its flow: Write/Describe on what it publishes, Read/Describe on what it consumes, Write/Describe on their .dlq topics, Read on its groups. */
export function aclsOf(flow: EventFlow, prefix = ''): Acl[] {
  const topics = new Map<string, Set<string>>();
  const add = (topic: string, ...operations: string[]) => {
    const set = topics.get(topic) ?? new Set<string>();
    for (const operation of operations) set.add(operation);
    topics.set(topic, set);
  };
  for (const topic of flow.publishes) add(topic, 'Write', 'Describe');
  for (const group of flow.groups) {
    for (const topic of group.topics) {
      add(topic, 'Read', 'Describe');
      add(`${topic}.dlq`, 'Write', 'Describe');
    }
  }
  return [
    ...[...topics.entries()].map(([topic, operations]) => ({
      resource: { type: 'topic' as const, name: `${prefix}${topic}`, patternType: 'literal' as const },
      operations: [...operations].sort(),
    })),
    ...flow.groups.map((group) => ({
      resource: { type: 'group' as const, name: `${prefix}${group.name}`, patternType: group.prefix ? ('prefix' as const) : ('literal' as const) },
      operations: ['Read'],
    })),
  ].sort((a, b) => `${a.resource.type}/${a.resource.name}`.localeCompare(`${b.resource.type}/${b.resource.name}`));
}
