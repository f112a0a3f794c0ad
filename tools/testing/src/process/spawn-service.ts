import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface SpawnedService {
  url: string;
  /** Its DATA_DIR (SQLite files, file blobs, the mail outbox). */
  dataDir: string;
  process: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
}

/**
 * Runs a built service entry point (`services/<name>/dist/main.js`) on a free port with a fresh
 * DATA_DIR and resolves with its URL once it logs that it listens.
 */
export async function spawnService(entry: string, env: NodeJS.ProcessEnv = {}, timeoutMs = 30_000): Promise<SpawnedService> {
  if (!existsSync(entry)) throw new Error(`${entry} is not built; run \`npm run build\` first`);
  const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'cairn-svc-'));
  const child = spawn(process.execPath, [entry], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env, DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${entry} did not start within ${timeoutMs} ms:\n${output}`)), timeoutMs);
    const onData = () => {
      const match = /"url":"(http:\/\/[^"]+)"/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1].replace('[::1]', '127.0.0.1'));
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${entry} exited with ${code}:\n${output}`));
    });
  });
  return { url, dataDir, process: child, output: () => output, stop };
}

/** Runs an entry point expecting it to fail; resolves with its exit code and output. */
export function runToExit(entry: string, env: NodeJS.ProcessEnv, timeoutMs = 30_000): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [entry], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${entry} kept running:\n${output}`));
    }, timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}
