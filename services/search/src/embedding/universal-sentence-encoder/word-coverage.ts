const WORDS = /\p{L}[\p{L}\p{N}]*/gu;

/**
 * The share of a text's letters that sit in words the model's vocabulary holds whole (in any of the
 * usual casings). A word the vocabulary only spells in fragments ("pyelonephritis") is one the model
 * barely knows; weighting by length lets the long, rare words count more than "of" and "in".
 */
export function wordCoverage(text: string, knowsWord: (word: string) => boolean): number {
  let known = 0;
  let total = 0;
  for (const [word] of text.matchAll(WORDS)) {
    total += word.length;
    const lower = word.toLowerCase();
    if (knowsWord(word) || knowsWord(lower) || knowsWord(lower[0].toUpperCase() + lower.slice(1))) known += word.length;
  }
  return total > 0 ? known / total : 0;
}
