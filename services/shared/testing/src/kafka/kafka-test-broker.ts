import { allTopics } from '@cairn/contracts';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export interface KafkaTestBrokerOptions {
  /** Topics created at start; default: every topic in `allTopics` and its `.dlq` dead-letter topic. */
  topics?: string[];
  /** Brokers of the cluster; default 1. */
  brokers?: number;
  /** Partitions per topic; default 3, so members of one consumer group really share a topic. */
  partitions?: number;
}

export interface KafkaTestBroker {
  brokers: string[];
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
  const topics = options.topics ?? allTopics.flatMap((topic) => [topic.name, `${topic.name}.dlq`]);
  const binary = await compiledBroker();
  const child = spawn(binary, ['-b', String(options.brokers ?? 1), '-p', String(options.partitions ?? 3), ...topics], { stdio: ['pipe', 'pipe', 'pipe'] });
  const stderr: string[] = [];
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => stderr.push(chunk));
  child.on('error', (error) => stderr.push(error.message));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    const bootstrap = await firstLine(child, stderr);
    // A test that never calls stop() must not keep jest alive; the broker exits when its stdin closes.
    child.stdout!.destroy();
    child.stderr!.destroy();
    child.unref();
    return { brokers: bootstrap.split(','), stop: () => stopBroker(child, exited) };
  } catch (error) {
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

function firstLine(child: ChildProcess, stderr: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    const settle = () => {
      clearTimeout(timer);
      lines.close();
      child.off('error', onError).off('exit', onExit);
    };
    const fail = (reason: string) => {
      settle();
      reject(new Error(`Kafka test broker ${reason}: ${stderr.join('').trim() || 'no output'}`));
    };
    const onError = (error: Error) => fail(`could not start (${error.message})`);
    const onExit = (code: number | null, signal: string | null) => fail(`exited early (${signal ?? `code ${code}`})`);
    const timer = setTimeout(() => fail(`printed no bootstrap servers within ${START_TIMEOUT_MS} ms`), START_TIMEOUT_MS);
    child.once('error', onError).once('exit', onExit);
    lines.once('line', (line) => {
      settle();
      resolve(line.trim());
    });
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
