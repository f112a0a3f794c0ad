import { readFileSync } from 'node:fs';
import { stem } from '@cairn/rules';
import { RANKING_PROFILE } from '../ranking-profile.js';
import { wordSpecificity } from '../score/word-rarity.js';
import { wordTokens } from './query-text.js';

/** Where a concept comes from: the Disease Ontology, the Symptom Ontology, HPO's lay synonyms, DrugBank's open vocabulary. */
export interface VocabularyConcept {
  source: 'do' | 'symp' | 'hpo' | 'drugbank';
  /** Its preferred name first, then its synonyms. */
  terms: string[];
}

export interface CompiledVocabulary {
  note: string;
  sources: Record<string, { file: string; sha256: string }>;
  concepts: VocabularyConcept[];
}

/** A term found in a text: the words as the text wrote them, and the concept's source. */
export interface FoundTerm {
  text: string;
  source: VocabularyConcept['source'];
}

interface TermEntry {
  stems: string[];
  source: VocabularyConcept['source'];
}

/** A term of only everyday words ('cold', 'fall', 'sign') names no subject on its own. */
const isEveryday = (words: string[]) => words.every((word) => wordSpecificity(word) <= RANKING_PROFILE.understand.everydayTermSpecificity);

let entriesByFirstStem: Map<string, TermEntry[]> | null = null;

function termIndex(): Map<string, TermEntry[]> {
  if (entriesByFirstStem) return entriesByFirstStem;
  const compiled = JSON.parse(readFileSync(new URL('../../../vocabulary/medical-vocabulary.json', import.meta.url), 'utf8')) as CompiledVocabulary;
  entriesByFirstStem = new Map();
  for (const concept of compiled.concepts) {
    for (const term of concept.terms) {
      const words = wordTokens(term);
      if (words.length === 0 || isEveryday(words)) continue;
      const stems = words.map(stem);
      const list = entriesByFirstStem.get(stems[0]) ?? [];
      if (!list.some((entry) => entry.stems.join(' ') === stems.join(' '))) list.push({ stems, source: concept.source });
      entriesByFirstStem.set(stems[0], list);
    }
  }
  for (const list of entriesByFirstStem.values()) list.sort((a, b) => b.stems.length - a.stems.length);
  return entriesByFirstStem;
}

/** The vocabulary's terms a text names, longest first at each word and never overlapping, as the text wrote them. */
export function vocabularyTermsIn(text: string): FoundTerm[] {
  const words = wordTokens(text);
  const stems = words.map(stem);
  const found: FoundTerm[] = [];
  for (let i = 0; i < stems.length; ) {
    const entry = termIndex()
      .get(stems[i])
      ?.find((candidate) => candidate.stems.every((s, k) => stems[i + k] === s));
    if (!entry) {
      i++;
      continue;
    }
    found.push({ text: words.slice(i, i + entry.stems.length).join(' '), source: entry.source });
    i += entry.stems.length;
  }
  return found;
}
