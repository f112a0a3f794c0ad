import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { repoRoot } from './datasets.js';
import { amountBindings } from './amount-binding-pairs.js';
import { corpusSentences, serialisePairs, splitOf, type GroundingPair } from './grounding-pairs.js';

/**
 * Writes bench/data/grounding-amount-pairs.json once: steps that keep or move an amount between two
 * actions of one starter-corpus sentence. Built after grounding-pairs.json, before any rule bound
 * amounts to actions; frozen since.
 */
const DESCRIPTION =
  'Steps that keep or move an amount between two actions of one starter-corpus sentence, with the source they cite (an index into sources); split by source sentence like grounding-pairs.json. Built by bench/src/build-amount-binding-pairs.ts, then frozen.';

function main(): void {
  const pairs: GroundingPair[] = [];
  for (const { origin, sentence, passage } of corpusSentences(resolve(repoRoot, 'services/search/corpus'))) {
    for (const binding of amountBindings(sentence)) {
      pairs.push({ id: `${binding.kind}-${pairs.length + 1}`, split: splitOf(sentence), label: binding.label, kind: binding.kind, origin, source: passage, step: binding.step });
    }
  }
  const out = resolve(repoRoot, 'bench/data/grounding-amount-pairs.json');
  writeFileSync(out, serialisePairs(pairs, DESCRIPTION));
  const count = (filter: (pair: GroundingPair) => boolean) => pairs.filter(filter).length;
  console.log(`${pairs.length} pairs (${count((p) => p.label === 'faithful')} faithful, ${count((p) => p.label === 'flipped')} flipped; ${count((p) => p.split === 'test')} in test) → ${out}`);
}

main();
