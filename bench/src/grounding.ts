import { resolve } from 'node:path';
import { repoRoot } from './datasets.js';
import { scoreGrounding } from './grounding-evaluation.js';
import { loadPairs, type PairKind } from './grounding-pairs.js';
import { table } from './metrics.js';

const percent = (part: number, whole: number) => `${part}/${whole} (${whole ? ((100 * part) / whole).toFixed(1) : '0.0'} %)`;

const PAIR_FILES = ['bench/data/grounding-pairs.json', 'bench/data/grounding-amount-pairs.json'];

/** The grounding check against frozen faithful and flipped steps: the test half is the figure, tune is for tuning. */
function main(): void {
  for (const file of PAIR_FILES) report(file);
}

function report(file: string): void {
  const pairs = loadPairs(resolve(repoRoot, file));
  const show = process.argv.includes('--failures') ? (process.argv.includes('--tune') ? 'tune' : 'test') : null;
  const rows = (['tune', 'test'] as const).map((split) => {
    const score = scoreGrounding(pairs.filter((pair) => pair.split === split));
    if (show === split) for (const failure of score.failures) console.log(`${failure.label} ${failure.kind}: ${failure.step}\n    source: ${failure.source.slice(0, 300)}`);
    return [split, percent(score.flippedPassing, score.flipped), percent(score.faithfulDropped, score.faithful), percent(score.overlapFlippedPassing, score.flipped), percent(score.overlapFaithfulDropped, score.faithful)];
  });
  console.log(`\nGrounding check on ${pairs.length} frozen pairs (${file})`);
  console.log(table(['half', 'flipped steps kept', 'faithful steps dropped', 'word overlap alone: flipped kept', 'word overlap alone: faithful dropped'], rows));
  const test = pairs.filter((pair) => pair.split === 'test');
  const kinds = [...new Set(test.map((pair) => pair.kind))].sort() as PairKind[];
  console.log(
    table(
      ['test half by kind', 'pairs', 'wrongly judged', 'word overlap alone: wrongly judged'],
      kinds.map((kind) => {
        const of = test.filter((pair) => pair.kind === kind);
        const score = scoreGrounding(of);
        return [kind, of.length, score.flippedPassing + score.faithfulDropped, score.overlapFlippedPassing + score.overlapFaithfulDropped];
      }),
    ),
  );
}

main();
