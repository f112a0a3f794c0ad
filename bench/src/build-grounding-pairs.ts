import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { repoRoot } from './datasets.js';
import { corpusSentences, flips, paraphrase, serialisePairs, splitOf, type GroundingPair, type PairKind } from './grounding-pairs.js';
import { HAND_WRITTEN } from './grounding-hand-written.js';

/**
 * Writes bench/data/grounding-pairs.json once: faithful and flipped steps derived from the starter
 * corpus's sentences, plus hand-written clinical cases. The file is frozen; rerun only to rebuild it.
 */
function main(): void {
  const pairs: GroundingPair[] = [];
  const add = (origin: string, source: string, label: GroundingPair['label'], kind: PairKind, step: string, splitKey: string) => {
    pairs.push({ id: `${kind}-${pairs.length + 1}`, split: splitOf(splitKey), label, kind, origin, source, step });
  };
  for (const { origin, sentence, passage } of corpusSentences(resolve(repoRoot, 'services/search/corpus'))) {
    const faithful = paraphrase(sentence);
    if (faithful) add(origin, passage, 'faithful', 'paraphrase', faithful, sentence);
    for (const flip of flips(sentence)) add(origin, passage, 'flipped', flip.kind, flip.step, sentence);
  }
  HAND_WRITTEN.forEach((pair, index) => add('hand-written', pair.source, pair.label, 'hand_written', pair.step, `hand-${index}`));
  const out = resolve(repoRoot, 'bench/data/grounding-pairs.json');
  mkdirSync(resolve(repoRoot, 'bench/data'), { recursive: true });
  writeFileSync(out, serialisePairs(pairs));
  const count = (filter: (pair: GroundingPair) => boolean) => pairs.filter(filter).length;
  console.log(`${pairs.length} pairs (${count((p) => p.label === 'faithful')} faithful, ${count((p) => p.label === 'flipped')} flipped; ${count((p) => p.split === 'test')} in test) → ${out}`);
}

main();
