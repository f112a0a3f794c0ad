import { isLemma } from '../lexicon/word-net.js';

/** What can follow the verb of an instruction ('Report any…', 'Aim for…', 'Return to sport…', 'Add 40 mmol…'). */
const OBJECT_OPENER =
  /^(?:(?:the|a|an|any|all|every|each|both|their|your|his|her|its|them|it|this|these|those|for|to|through|up|out|down|off|with|sure|at|on)\b|\d+(?:\.\d+)?(?![\d.])\s*(?:mg|g|mcg|micrograms?|ml|l|units?|iu|mmol|%|kg|hours?|minutes?|days?|weeks?|times?|doses?|drops?|tablets?|puffs?)\b)/i;
/** A verb of a statement before any relative clause: 'Pain at the site is common', 'Contact with blood carries risk'. */
const STATEMENT_VERB =
  /^(?:(?!\b(?:that|which|who|whose|where|when|if|until|because|so)\b)[^,;:])*?\b(?:is|are|was|were|has|have|had|can|may|might|will|would|should|must|carries|needs|suggests|indicates|means|occurs|causes|remains|becomes|seems|appears|affects|shows)\b/i;

/**
 * Whether a sentence opens with a verb in its base form, as an instruction does: a word English uses
 * only as a verb ('Reassure', 'Allow', 'Obtain'), or one that may be a verb followed by what a verb
 * takes ('Report any…', 'Return to…'; not 'Face drooping…' or 'Blood tests show…').
 */
export function opensWithVerb(text: string): boolean {
  const [, first = '', rest = ''] = /^([A-Za-z]+)\s+(.*)$/s.exec(text.trim()) ?? [];
  const word = first.toLowerCase();
  if (!isLemma(word, 'verb')) return false;
  const otherThanVerb = isLemma(word, 'noun') || isLemma(word, 'adj') || isLemma(word, 'adv');
  return !otherThanVerb || (OBJECT_OPENER.test(rest) && !STATEMENT_VERB.test(rest));
}
