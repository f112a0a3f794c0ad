// Checks the system packages the test suite needs; installs them where we can (root + apt), otherwise
// stops at once with the exact command to run.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const requirements = [
  { pkg: 'chromium', why: 'browser tests', present: () => existsSync('/usr/bin/chromium') },
  { pkg: 'librdkafka-dev', why: 'the Kafka test broker', present: () => existsSync('/usr/include/librdkafka/rdkafka_mock.h') },
  { pkg: 'gcc', why: 'building the Kafka test broker', present: () => spawnSync('gcc', ['--version']).status === 0 },
  { pkg: 'tesseract-ocr', why: 'OCR of scanned PDF pages', present: () => spawnSync('tesseract', ['--version']).status === 0 },
  { pkg: 'tesseract-ocr-eng', why: 'OCR of English text', present: () => existsSync('/usr/share/tesseract-ocr/5/tessdata/eng.traineddata') },
  { pkg: 'poppler-utils', why: 'rendering scanned PDF pages for OCR', present: () => spawnSync('pdftoppm', ['-v']).status === 0 },
  // node-gyp's toolchain: scripts/test-node24.mjs compiles better-sqlite3 for Node 24.
  { pkg: 'g++', why: 'building better-sqlite3 for Node 24', present: () => spawnSync('g++', ['--version']).status === 0 },
  { pkg: 'make', why: 'building better-sqlite3 for Node 24', present: () => spawnSync('make', ['--version']).status === 0 },
  { pkg: 'python3', why: 'node-gyp (building better-sqlite3 for Node 24)', present: () => spawnSync('python3', ['--version']).status === 0 },
];

const missing = requirements.filter((requirement) => !requirement.present());
if (missing.length === 0) process.exit(0);

const names = missing.map((requirement) => requirement.pkg);
const command = `apt-get update && apt-get install -y ${names.join(' ')}`;
const canInstall = process.getuid?.() === 0 && spawnSync('apt-get', ['--version']).status === 0;
const list = missing.map((requirement) => `  - ${requirement.pkg} (${requirement.why})`).join('\n');

if (!canInstall) {
  console.error(`Cairn's tests need these system packages, which are missing:\n${list}\nInstall them with:\n  sudo ${command}`);
  process.exit(1);
}
console.log(`Installing missing system packages for the tests:\n${list}`);
try {
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', ...names], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
} catch {
  console.error(`Installing failed. Install them yourself with:\n  ${command}`);
  process.exit(1);
}
