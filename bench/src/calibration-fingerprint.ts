import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { repoRoot } from './datasets.js';

/**
 * What the relevance calibration depends on: how documents are read, turned into protocols and indexed,
 * how queries are understood, ranked and read into signals, the embedder, and the data it is fitted on.
 */
export const CALIBRATION_INPUTS = [
  'services/search/src',
  'services/search/corpus',
  'services/search/models',
  'services/search/vocabulary',
  'services/shared/documents/src',
  'services/shared/rules/src/text',
  'services/generation/src/uploads',
  'services/generation/src/generators',
  'services/generation/src/lexicon',
  'services/uploads/src/library',
  'bench/src/relevance-calibration.ts',
  'bench/src/relevance-samples.ts',
  'bench/src/uploaded-collections.ts',
  'bench/src/guideline-pdf.ts',
  'bench/src/logistic-regression.ts',
  'bench/data',
];

const CALIBRATION_FILE = 'services/search/src/ranking/relevance-calibration.json';
const isTestOnly = (path: string) => /\.(spec|contract|fixture)\.ts$|\.e2e-spec\.ts$/.test(path);

function filesUnder(path: string): string[] {
  const absolute = join(repoRoot, path);
  if (statSync(absolute).isFile()) return [path];
  return readdirSync(absolute, { recursive: true, encoding: 'utf8' })
    .map((file) => join(path, file))
    .filter((file) => statSync(join(repoRoot, file)).isFile());
}

/** A SHA-256 over the calibration's inputs (paths and contents), so a change to any of them shows. */
export function calibrationFingerprint(): string {
  const hash = createHash('sha256');
  const files = CALIBRATION_INPUTS.flatMap(filesUnder)
    .map((file) => relative(repoRoot, join(repoRoot, file)).split('\\').join('/'))
    .filter((file) => file !== CALIBRATION_FILE && !isTestOnly(file))
    .sort();
  for (const file of files) hash.update(file).update('\0').update(readFileSync(join(repoRoot, file))).update('\0');
  return hash.digest('hex');
}

export const calibrationPath = join(repoRoot, CALIBRATION_FILE);
