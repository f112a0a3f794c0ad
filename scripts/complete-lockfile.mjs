// Records every platform's optional native binary in package-lock.json.
//
// npm writes into the lock only the optional platform packages it can resolve from the registry in
// use; a registry that mirrors only some platforms' binaries leaves the others out, and `npm ci` then
// refuses the lock ("Missing: …-darwin-arm64@ from lock file"). The missing entries are added here
// with their os/cpu, so npm ci skips them as platform-incompatible instead of fetching them.
// Run after `npm install` changes the lock:  node scripts/complete-lockfile.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const OS = ['darwin', 'win32', 'linux', 'android', 'freebsd', 'openharmony'];
const CPU = [
  [/arm64|aarch64/, 'arm64'],
  [/x64/, 'x64'],
  [/ia32/, 'ia32'],
  [/armv7|arm-gnueabihf|arm-musleabihf|arm-eabi/, 'arm'],
  [/ppc64/, 'ppc64'],
  [/s390x/, 's390x'],
  [/riscv64/, 'riscv64'],
  [/loong64/, 'loong64'],
  [/wasm32/, 'wasm32'],
];

function platformOf(name) {
  const os = OS.find((candidate) => name.includes(`-${candidate}`));
  const cpu = CPU.find(([pattern]) => pattern.test(name))?.[1];
  if (!cpu || (!os && cpu !== 'wasm32')) return null;
  const libc = os === 'linux' ? (name.includes('musl') ? 'musl' : name.includes('gnu') ? 'glibc' : undefined) : undefined;
  return { ...(os ? { os: [os] } : {}), cpu: [cpu], ...(libc ? { libc: [libc] } : {}) };
}

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
const added = [];
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${path ? `${path}/` : ''}node_modules/${name}`;
    if (lock.packages[nested] || lock.packages[`node_modules/${name}`]) continue;
    const platform = platformOf(name);
    if (!platform || !/^\d+\.\d+\.\d+/.test(version)) continue;
    lock.packages[`node_modules/${name}`] = { version, dev: entry.dev, optional: true, ...platform };
    added.push(`${name}@${version}`);
  }
}
lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
writeFileSync('package-lock.json', `${JSON.stringify(lock, null, 2)}\n`);
console.log(added.length ? `Added ${added.length} platform entries:\n  ${added.join('\n  ')}` : 'The lock already lists every platform binary.');
