import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CompiledVocabulary, VocabularyConcept } from '../ranking/understand/medical-vocabulary.js';

const packageRoot = fileURLToPath(new URL('../..', import.meta.url));
const vocabularyDir = resolve(process.env.CAIRN_VOCAB_DIR ?? join(packageRoot, '../../../shared/vocab'));
const output = join(packageRoot, 'vocabulary/medical-vocabulary.json');

/** A term as the sources spell it, or null when it is too long or too chemical to be written by a clinician. */
function usable(term: string): string | null {
  const trimmed = term.trim();
  const words = trimmed.split(/\s+/);
  if (trimmed.length < 3 || words.length > 6 || /[[\]{};=]|\d[,-]\d/.test(trimmed)) return null;
  return trimmed;
}

const distinct = (terms: (string | null)[]) => [...new Set(terms.filter((term): term is string => term !== null))];

/** OBO [Term] stanzas that are not obsolete: name and EXACT/RELATED synonyms. */
function oboConcepts(text: string, source: VocabularyConcept['source']): VocabularyConcept[] {
  return text
    .split(/^\[Term\]$/m)
    .slice(1)
    .filter((stanza) => !/^is_obsolete: true$/m.test(stanza))
    .flatMap((stanza) => {
      const name = /^name: (.+)$/m.exec(stanza)?.[1];
      const synonyms = [...stanza.matchAll(/^synonym: "([^"]+)" (?:EXACT|RELATED)/gm)].map((match) => match[1]);
      const terms = distinct([name ?? null, ...synonyms].map((term) => (term ? usable(term) : null)));
      return name && terms.length > 0 ? [{ source, terms }] : [];
    });
}

/** HPO's lay synonyms: each clinical label with the everyday phrases for it. */
function hpoConcepts(text: string): VocabularyConcept[] {
  const byLabel = new Map<string, string[]>();
  for (const line of text.trim().split('\n').slice(1)) {
    const [, label, lay] = line.split('\t').map((cell) => cell?.replace(/^"|"$/g, ''));
    if (label && lay) byLabel.set(label, [...(byLabel.get(label) ?? []), lay]);
  }
  return [...byLabel].map(([label, lays]) => ({ source: 'hpo' as const, terms: distinct([label, ...lays].map(usable)) })).filter((c) => c.terms.length > 0);
}

/** Splits one CSV line (quoted cells may hold commas). */
function csvCells(line: string): string[] {
  return [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)].slice(0, -1).map((match) => match[1].replace(/^"|"$/g, '').replace(/""/g, '"'));
}

/** DrugBank's open vocabulary: each drug's common name with its generic and international synonyms. */
function drugConcepts(text: string): VocabularyConcept[] {
  return text
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => {
      const cells = csvCells(line);
      return { source: 'drugbank' as const, terms: distinct([cells[2], ...(cells[6] ?? '').split(' | ')].map((term) => (term ? usable(term) : null))) };
    })
    .filter((concept) => concept.terms.length > 0);
}

const read = (path: string) => readFileSync(join(vocabularyDir, path), 'utf8');
const checksum = (path: string) => createHash('sha256').update(readFileSync(join(vocabularyDir, path))).digest('hex');

const files = {
  do: 'disease-ontology/doid-2016-09-01.obo',
  symp: 'symptom-ontology/symp.obo',
  hpo: 'hpo/layperson-synonyms.tsv',
  drugbank: 'drugbank-open/drugbank_vocabulary.csv',
};

const vocabulary: CompiledVocabulary = {
  note: 'Compiled by `npm run vocabulary:compile` from the public vocabularies named in NOTICE; terms as their sources spell them.',
  sources: Object.fromEntries(Object.entries(files).map(([source, path]) => [source, { file: path, sha256: checksum(path) }])),
  concepts: [...oboConcepts(read(files.do), 'do'), ...oboConcepts(read(files.symp), 'symp'), ...hpoConcepts(read(files.hpo)), ...drugConcepts(read(files.drugbank))],
};
writeFileSync(output, `${JSON.stringify(vocabulary)}\n`);
process.stdout.write(`${vocabulary.concepts.length} concepts, ${vocabulary.concepts.reduce((sum, c) => sum + c.terms.length, 0)} terms → ${output}\n`);
