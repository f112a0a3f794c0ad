import { RANKING_PROFILE } from '../../ranking/ranking-profile.js';
import { DeletionIndex, MAX_WORDS, type DeletionIndexSnapshot } from './deletion-index.js';
import { editDistance, maxEditsFor, TYPO_PREFIX_LENGTH } from './edit-distance.js';

/** A vocabulary word a typed word may have meant, its stem, and the share of an exact match it scores. */
export interface Correction {
  word: string;
  stem: string;
  edits: number;
  weight: number;
}

export interface SpellingSnapshot {
  words: string[];
  stems: string[];
  deletions: DeletionIndexSnapshot;
}

/** Words worth correcting towards: letters only (numbers and codes are never typos of each other). */
const WORD = /^[a-z]{3,32}$/;
/** Words added since the deletion index was built are compared one by one, up to this many; then they get an index of their own. */
const UNINDEXED_LIMIT = 2048;
const {
  rareDocumentFrequency: RARE_DOCUMENT_FREQUENCY,
  rareCandidateRatio: RARE_CANDIDATE_RATIO,
  candidateFrequencyLimit: FREQUENCY_LIMIT,
  maxCorrections: MAX_CORRECTIONS,
} = RANKING_PROFILE.understand.typos;

/**
 * The words of an index (as written, one entry per spelling, with their stems) and a deletion index
 * over them: the corrections of a typed word the index does not know (or knows only from a chunk or
 * two) are the words within 1 edit (4–7 letters) or 2 (8 and more) that share its first letter,
 * fewest edits first, then most similar (1 − edits / the longer length, as Lucene's spell checker
 * ranks), then a letter left out or typed twice before one mistyped (omissions and insertions are the
 * commonest misspellings: Pollock and Zamora, 1983), then most frequent. A correction scores
 * 1 − edits / the shorter length of an exact match, the boost Elasticsearch's fuzzy query gives.
 */
export class SpellingVocabulary {
  private words: string[] = [];
  private stems: string[] = [];
  private readonly numbers = new Map<string, number>();
  /** Deletion indexes of the words in order: one for all of them once saved, and one per batch added since. */
  private segments: DeletionIndex[] = [];
  private indexed = 0;

  add(word: string, stem: string): void {
    if (this.numbers.has(word) || !WORD.test(word) || this.words.length >= MAX_WORDS) return;
    this.numbers.set(word, this.words.length);
    this.words.push(word);
    this.stems.push(stem);
  }

  /**
   * Best first; none when the typed word is known or nothing is close enough. `documentFrequency`
   * counts the chunks holding a stem (no further than its limit).
   */
  corrections(word: string, stem: string, documentFrequency: (stem: string, limit: number) => number): Correction[] {
    const edits = maxEditsFor(word);
    if (edits === 0 || !WORD.test(word)) return [];
    const typedFrequency = documentFrequency(stem, RARE_DOCUMENT_FREQUENCY + 1);
    if (typedFrequency > RARE_DOCUMENT_FREQUENCY) return [];
    const minimumFrequency = typedFrequency === 0 ? 1 : typedFrequency * RARE_CANDIDATE_RATIO;
    const best = new Map<string, Correction & { frequency: number; similarity: number }>();
    for (const number of this.candidates(word, edits)) {
      const candidate = this.words[number];
      const candidateStem = this.stems[number];
      if (candidateStem === stem || candidate.slice(0, TYPO_PREFIX_LENGTH) !== word.slice(0, TYPO_PREFIX_LENGTH)) continue;
      const distance = editDistance(word, candidate, edits);
      if (distance > edits || (best.get(candidateStem)?.edits ?? Infinity) <= distance) continue;
      const frequency = documentFrequency(candidateStem, FREQUENCY_LIMIT);
      if (frequency < minimumFrequency) continue;
      const weight = 1 - distance / Math.min(word.length, candidate.length);
      const similarity = 1 - distance / Math.max(word.length, candidate.length);
      best.set(candidateStem, { word: candidate, stem: candidateStem, edits: distance, weight, frequency, similarity });
    }
    const lengthChange = (correction: Correction) => Math.abs(correction.word.length - word.length);
    const ranked = [...best.values()].sort(
      (a, b) => a.edits - b.edits || b.similarity - a.similarity || lengthChange(b) - lengthChange(a) || b.frequency - a.frequency,
    );
    return ranked
      .filter((correction) => correction.edits === ranked[0].edits)
      .slice(0, MAX_CORRECTIONS)
      .map(({ word: corrected, stem: correctedStem, edits: distance, weight }) => ({ word: corrected, stem: correctedStem, edits: distance, weight }));
  }

  private candidates(word: string, edits: number): number[] {
    if (this.words.length - this.indexed > UNINDEXED_LIMIT) {
      this.segments.push(DeletionIndex.build(this.words.slice(this.indexed), this.indexed));
      this.indexed = this.words.length;
    }
    const unindexed = Array.from({ length: this.words.length - this.indexed }, (_, i) => this.indexed + i);
    return [...this.segments.flatMap((segment) => [...segment.candidates(word, edits)]), ...unindexed];
  }

  clear(): void {
    this.words = [];
    this.stems = [];
    this.numbers.clear();
    this.segments = [];
    this.indexed = 0;
  }

  /** Every word with one deletion index over all of them. */
  snapshot(): SpellingSnapshot {
    if (this.segments.length !== 1 || this.indexed < this.words.length) {
      this.segments = [DeletionIndex.build(this.words)];
      this.indexed = this.words.length;
    }
    return { words: this.words, stems: this.stems, deletions: this.segments[0].snapshot() };
  }

  restore(snapshot: SpellingSnapshot): void {
    this.words = [...snapshot.words];
    this.stems = [...snapshot.stems];
    this.numbers.clear();
    this.words.forEach((word, number) => this.numbers.set(word, number));
    this.segments = [DeletionIndex.restore(snapshot.deletions)];
    this.indexed = this.words.length;
  }
}
