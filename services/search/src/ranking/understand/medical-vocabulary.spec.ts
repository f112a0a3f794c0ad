import { describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { vocabularyTermsIn } from './medical-vocabulary.js';

describe('vocabularyTermsIn', () => {
  it('finds the longest term at each word, as the text wrote it, with its source', () => {
    expect(vocabularyTermsIn('Managing septic shock and acute kidney failure with meropenem')).toEqual(
      expect.arrayContaining([
        { text: 'septic shock', source: expect.any(String) },
        { text: 'meropenem', source: 'drugbank' },
      ]),
    );
  });
  it('finds no term of everyday words alone', () => {
    expect(vocabularyTermsIn('the cold fall')).toEqual([]);
  });
});

const vocabularyDir = join(fileURLToPath(new URL('../../../../../..', import.meta.url)), 'shared/vocab');
const compiled = JSON.parse(readFileSync(new URL('../../../vocabulary/medical-vocabulary.json', import.meta.url), 'utf8')) as {
  sources: Record<string, { file: string; sha256: string }>;
};
const describeWithSources = existsSync(vocabularyDir) ? describe : describe.skip;

describeWithSources('the compiled vocabulary (runs where ../shared/vocab exists)', () => {
  it('was compiled from the vocabulary files as they are (else run `npm run vocabulary:compile`)', () => {
    for (const { file, sha256 } of Object.values(compiled.sources)) {
      expect({ file, sha256: createHash('sha256').update(readFileSync(join(vocabularyDir, file))).digest('hex') }).toEqual({ file, sha256 });
    }
  });
});
