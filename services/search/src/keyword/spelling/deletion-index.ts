/** Word numbers fit in 22 bits beside a 31-bit hash, so an entry sorts as one exact float. */
export const MAX_WORDS = 1 << 22;
const WORD_BITS = 2 ** 22;

/** Deletions stored for a word of the vocabulary: enough to meet every typed word allowed to reach it. */
const storedDeletions = (word: string) => (word.length >= 6 ? 2 : word.length >= 3 ? 1 : 0);

/** FNV-1a of a word with the letters at `skipA` and `skipB` left out, in 31 bits. */
function hashWithout(word: string, skipA: number, skipB: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < word.length; i++) {
    if (i === skipA || i === skipB) continue;
    hash = Math.imul(hash ^ word.charCodeAt(i), 0x01000193);
  }
  return hash >>> 1;
}

/** The hashes of a word with up to `deletions` letters deleted, each once. */
function deletionHashes(word: string, deletions: number): Set<number> {
  const hashes = new Set<number>([hashWithout(word, -1, -1)]);
  if (deletions >= 1) {
    for (let a = 0; a < word.length; a++) {
      hashes.add(hashWithout(word, a, -1));
      if (deletions >= 2) for (let b = a + 1; b < word.length; b++) hashes.add(hashWithout(word, a, b));
    }
  }
  return hashes;
}

export interface DeletionIndexSnapshot {
  hashes: Uint32Array;
  words: Int32Array;
}

/**
 * Symmetric-delete index of a vocabulary: two words are within k edits only if deleting at most k
 * letters from each gives the same string. Each vocabulary word's deletions are hashed and sorted, so
 * the candidates for a typed word are a few binary searches; callers check them with the true distance
 * (a hash may collide).
 */
export class DeletionIndex {
  private constructor(
    private readonly hashes: Uint32Array,
    private readonly words: Int32Array,
  ) {}

  /** The index of these words, numbered from `firstNumber` on. */
  static build(words: readonly string[], firstNumber = 0): DeletionIndex {
    const entries: number[] = [];
    words.forEach((word, i) => {
      for (const hash of deletionHashes(word, storedDeletions(word))) entries.push(hash * WORD_BITS + firstNumber + i);
    });
    const sorted = Float64Array.from(entries).sort();
    const hashes = new Uint32Array(sorted.length);
    const numbers = new Int32Array(sorted.length);
    sorted.forEach((entry, i) => {
      hashes[i] = Math.floor(entry / WORD_BITS);
      numbers[i] = entry - hashes[i] * WORD_BITS;
    });
    return new DeletionIndex(hashes, numbers);
  }

  static restore(snapshot: DeletionIndexSnapshot): DeletionIndex {
    return new DeletionIndex(snapshot.hashes, snapshot.words);
  }

  snapshot(): DeletionIndexSnapshot {
    return { hashes: this.hashes, words: this.words };
  }

  /** Numbers of the vocabulary words that may be within `edits` of `word`. */
  candidates(word: string, edits: number): Set<number> {
    const found = new Set<number>();
    for (const hash of deletionHashes(word, edits)) {
      for (let at = this.firstAtLeast(hash); at < this.hashes.length && this.hashes[at] === hash; at++) found.add(this.words[at]);
    }
    return found;
  }

  private firstAtLeast(hash: number): number {
    let low = 0;
    let high = this.hashes.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.hashes[middle] < hash) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}
