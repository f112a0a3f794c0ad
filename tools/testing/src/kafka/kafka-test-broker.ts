import { allTopics } from '@cairn/contracts';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface, type Interface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { apiName, kafkaApiVersions, type ApiVersionRange, type KafkaProtocol } from './kafka-protocol-versions.js';
import { readApiVersions } from './kafka-wire.js';

export interface KafkaTestBrokerOptions {
  /** Topics created at start; default: every topic in `allTopics` and its `.dlq` dead-letter topic. */
  topics?: string[];
  /** Brokers of the cluster; default 1. */
  brokers?: number;
  /** Partitions per topic; default 3, so members of one consumer group really share a topic. */
  partitions?: number;
  /** Put before every default topic name, as KAFKA_TOPIC_PREFIX does. */
  topicPrefix?: string;
  /**
   * Behave like a broker of this Kafka release: every API's versions narrowed to those both the mock
   * cluster and that release accept, so the broker lists only those and refuses the others.
   */
  protocol?: KafkaProtocol;
}

export interface KafkaTestBroker {
  brokers: string[];
  /** The versions the broker lists in its ApiVersions answer, and accepts. */
  apiVersions: ApiVersionRange[];
  /** APIs the mock cluster serves only in versions `protocol` no longer accepts, so switched off. */
  withoutCommonVersion: string[];
  stop(): Promise<void>;
}

const INSTALL_HINT =
  'The Kafka test broker is built from librdkafka\'s mock cluster and needs gcc and librdkafka-dev: ' +
  'apt-get install -y librdkafka-dev gcc';
const START_TIMEOUT_MS = 30_000;

// Resolves from src/kafka and from the compiled dist/kafka alike: tsc does not copy the C source.
const source = fileURLToPath(new URL('../../src/kafka/mock-kafka-broker.c', import.meta.url));

/** Starts a Kafka-protocol broker on 127.0.0.1 (librdkafka's mock cluster in a child process). */
export async function startKafkaTestBroker(options: KafkaTestBrokerOptions = {}): Promise<KafkaTestBroker> {
  const prefix = options.topicPrefix ?? '';
  const topics = options.topics ?? allTopics.flatMap((topic) => [`${prefix}${topic.name}`, `${prefix}${topic.name}.dlq`]);
  const binary = await compiledBroker();
  const child = spawn(binary, ['-b', String(options.brokers ?? 1), '-p', String(options.partitions ?? 3), ...topics], { stdio: ['pipe', 'pipe', 'pipe'] });
  const stderr: string[] = [];
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => stderr.push(chunk));
  child.on('error', (error) => stderr.push(error.message));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const lines = createInterface({ input: child.stdout! });
  try {
    const brokers = (await nextLine(child, lines, stderr)).split(',');
    const served = await readApiVersions(brokers[0]);
    const narrowed = options.protocol ? await narrowTo(kafkaApiVersions[options.protocol], served, child, lines, stderr) : { apiVersions: served, withoutCommonVersion: [] };
    // A test that never calls stop() must not keep jest alive; the broker exits when its stdin closes.
    lines.close();
    child.stdout!.destroy();
    child.stderr!.destroy();
    child.unref();
    return { brokers, ...narrowed, stop: () => stopBroker(child, exited) };
  } catch (error) {
    lines.close();
    await stopBroker(child, exited);
    throw error;
  }
}

async function compiledBroker(): Promise<string> {
  const code = readFileSync(source);
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 16);
  const directory = join(cacheRoot(), 'cairn-kafka-mock', hash);
  const binary = join(directory, 'mock-kafka-broker');
  if (existsSync(binary)) return binary;
  mkdirSync(directory, { recursive: true });
  // Compile beside the target and rename, so parallel jest workers never run a half-written file.
  const partial = `${binary}.${process.pid}.partial`;
  try {
    await promisify(execFile)('gcc', ['-O2', '-o', partial, source, '-lrdkafka']);
    renameSync(partial, binary);
  } catch (error) {
    rmSync(partial, { force: true });
    const detail = (error as { stderr?: string }).stderr?.trim() || (error as Error).message;
    throw new Error(`${INSTALL_HINT}\n(gcc ${source} -lrdkafka failed: ${detail})`);
  }
  return binary;
}

function cacheRoot(): string {
  for (let directory = dirname(source); ; directory = dirname(directory)) {
    const modules = join(directory, 'node_modules');
    if (existsSync(modules)) return join(modules, '.cache');
    if (dirname(directory) === directory) return join(tmpdir(), '.cache');
  }
}

/** Narrows every API the mock serves to the versions `release` accepts too; none left switches it off. */
async function narrowTo(release: readonly ApiVersionRange[], served: ApiVersionRange[], child: ChildProcess, lines: Interface, stderr: string[]) {
  const apiVersions: ApiVersionRange[] = [];
  const withoutCommonVersion: string[] = [];
  for (const own of served) {
    const accepted = release.find((range) => range.apiKey === own.apiKey);
    const range = { apiKey: own.apiKey, min: Math.max(own.min, accepted?.min ?? Infinity), max: Math.min(own.max, accepted?.max ?? -Infinity) };
    if (range.min <= range.max) apiVersions.push(range);
    else withoutCommonVersion.push(`${apiName(own.apiKey)} (mock ${own.min}-${own.max}, release ${accepted ? `${accepted.min}-${accepted.max}` : 'none'})`);
  }
  const commands = served.map(({ apiKey }) => {
    const range = apiVersions.find((kept) => kept.apiKey === apiKey);
    return `apiversion ${apiKey} ${range?.min ?? -1} ${range?.max ?? -1}\n`;
  });
  const answer = nextLine(child, lines, stderr);
  child.stdin!.write(`${commands.join('')}sync\n`);
  const reply = await answer;
  if (reply !== 'synced') throw new Error(`Kafka test broker refused a version range: ${reply}`);
  return { apiVersions, withoutCommonVersion };
}

function nextLine(child: ChildProcess, lines: Interface, stderr: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const settle = () => {
      clearTimeout(timer);
      child.off('error', onError).off('exit', onExit);
      lines.off('line', onLine);
    };
    const fail = (reason: string) => {
      settle();
      reject(new Error(`Kafka test broker ${reason}: ${stderr.join('').trim() || 'no output'}`));
    };
    const onError = (error: Error) => fail(`could not start (${error.message})`);
    const onExit = (code: number | null, signal: string | null) => fail(`exited early (${signal ?? `code ${code}`})`);
    const onLine = (line: string) => {
      settle();
      resolve(line.trim());
    };
    const timer = setTimeout(() => fail(`printed nothing within ${START_TIMEOUT_MS} ms`), START_TIMEOUT_MS);
    child.once('error', onError).once('exit', onExit);
    lines.once('line', onLine);
  });
}

async function stopBroker(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(killer);
  }
  child.stdin?.destroy();
}
