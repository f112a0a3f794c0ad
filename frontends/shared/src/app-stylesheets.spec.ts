import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';

const frontends = fileURLToPath(new URL('../..', import.meta.url));
const REMOTES = ['chat', 'sidebar', 'upload'] as const;
const rspackCli = fileURLToPath(new URL('../../../node_modules/@rspack/cli/bin/rspack.js', import.meta.url));
const out = mkdtempSync(join(tmpdir(), 'cairn-app-styles-'));

/** Builds an app as `npm run build` does (the rspack CLI on its config), into a directory of its own. */
async function build(app: string): Promise<string> {
  const dir = join(out, app);
  await promisify(execFile)(process.execPath, [rspackCli, 'build', '--devtool', 'false', '--output-path', dir], { cwd: join(frontends, app) });
  return dir;
}

/** A stylesheet of the sources with its relative @imports inlined. */
function stylesheet(path: string): string {
  return readFileSync(path, 'utf8').replace(/@import '(\.[^']+)';/g, (_line, file: string) => stylesheet(join(dirname(path), file)));
}

/** The class names a stylesheet gives rules to. */
const classesOf = (css: string) => new Set([...css.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/\.([a-z][\w-]*)/gi)].map((match) => match[1]));
const builtCss = (dir: string, files: string[]) => files.map((file) => readFileSync(join(dir, file), 'utf8')).join('\n');
const shellSources = classesOf(stylesheet(join(frontends, 'shared/src/styles/cairn.css')) + stylesheet(join(frontends, 'shell/src/shell.css')));
/** The classes a remote's stylesheet brings that the shell's does not. */
const remoteClasses = (remote: string) => [...classesOf(stylesheet(join(frontends, remote, 'src', `${remote}.css`)))].filter((name) => !shellSources.has(name));

describe('each app\'s build carries its own stylesheet', () => {
  const dirs: Record<string, string> = {};
  beforeAll(async () => {
    for (const app of ['shell', ...REMOTES]) dirs[app] = await build(app);
  }, 60_000);
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it.each(REMOTES)('the %s remote publishes its stylesheet with ./Module and its runtime loads it with the module', (remote) => {
    const manifest = JSON.parse(readFileSync(join(dirs[remote], 'mf-manifest.json'), 'utf8'));
    const exposed = manifest.exposes.find((entry: { path: string }) => entry.path === './Module');
    const cssFiles: string[] = exposed.assets.css.sync;
    expect(cssFiles.length).toBeGreaterThan(0);
    const css = builtCss(dirs[remote], cssFiles);
    expect(remoteClasses(remote).length).toBeGreaterThan(10);
    expect(remoteClasses(remote).filter((name) => !css.includes(`.${name}`))).toEqual([]);
    const runtime = readFileSync(join(dirs[remote], 'remoteEntry.js'), 'utf8');
    for (const file of cssFiles) expect(runtime).toContain(file);
  });

  it('the shell\'s stylesheet holds the tokens, the base and its own screens, and none of a remote\'s styles', () => {
    const css = builtCss(dirs.shell, readdirSync(dirs.shell).filter((file) => file.endsWith('.css')));
    expect(css).toContain('--color-primary:');
    expect([...shellSources].filter((name) => !css.includes(`.${name}`))).toEqual([]);
    const built = classesOf(css);
    for (const remote of REMOTES) expect(remoteClasses(remote).filter((name) => built.has(name))).toEqual([]);
  });
});
