const SUFFIXES = ['ations', 'ation', 'ings', 'ing', 'ies', 'ed', 'es', 's'];

/** Lowercased words with a few English suffixes cut, so `vaccination` and `vaccinations` share a feature. */
export function words(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).map((word) => {
    const suffix = SUFFIXES.find((ending) => word.length > ending.length + 2 && word.endsWith(ending));
    return suffix ? word.slice(0, -suffix.length) : word;
  });
}

/** FNV-1a, 32 bits. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/**
 * A deterministic stand-in for a sentence embedding: a signed, hashed bag of words (term counts, not
 * normalised), so texts sharing words have a positive cosine. A text without words gets the first axis.
 */
export function pseudoEmbedding(text: string, dimensions: number): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  const tokens = words(text);
  if (tokens.length === 0) vector[0] = 1;
  for (const token of tokens) {
    const h = hash(token);
    vector[h % dimensions] += h & 0x80000000 ? -1 : 1;
  }
  return vector;
}
