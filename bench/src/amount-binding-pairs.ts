import type { PairKind } from './grounding-pairs.js';

const AMOUNT = /\b(\d+(?:\.\d+)?)(?:\s*(?:-|to)\s*(\d+(?:\.\d+)?))?\s*(mg|g|mcg|micrograms|ml|mL|units|IU|mmol|%|seconds?|minutes?|hours?|days?|weeks?|months?)(?![a-zA-Z])/g;
/** Where one action ends and the next begins within a sentence. */
const ACTION_BREAK = /\s*(?:;|,\s*(?:and|then)\s+|,\s+|\s+and\s+(?=[a-z]+\s)|\s+then\s+)/;

interface Amount {
  text: string;
  value: string;
  unitFamily: string;
}

const family = (unit: string) => (/^(?:seconds?|minutes?|hours?|days?|weeks?|months?)$/.test(unit) ? 'time' : unit.toLowerCase());

function amountsIn(piece: string): Amount[] {
  return [...piece.matchAll(AMOUNT)].map((match) => ({ text: match[0], value: match[2] ? `${match[1]}-${match[2]}` : match[1], unitFamily: family(match[3]) }));
}

/** A piece a checklist step could be: it opens with a word of its own, not a connective, a number or a limit. */
const isAction = (piece: string) => piece.split(/\s+/).length >= 4 && /^[A-Za-z]/.test(piece) && !/^(?:or|and|if|including|until|up|maximum|minimum|but|unless|when|with|at|from|to|for|in|on)\b/i.test(piece);

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Steps from a sentence that states two amounts of one kind for two actions ("review within 1 hour and
 * antibiotics within 3 hours"): each action on its own with its amount (faithful), and each action
 * given the other's amount (flipped).
 */
export function amountBindings(sentence: string): { label: 'faithful' | 'flipped'; kind: PairKind; step: string }[] {
  const pieces = sentence.replace(/[.]$/, '').split(ACTION_BREAK).map((piece) => piece.trim()).filter(isAction);
  const withAmount = pieces.map((piece) => ({ piece, amounts: amountsIn(piece) })).filter((entry) => entry.amounts.length === 1);
  const out: { label: 'faithful' | 'flipped'; kind: PairKind; step: string }[] = [];
  for (const [i, first] of withAmount.entries()) {
    for (const second of withAmount.slice(i + 1)) {
      const [a] = first.amounts;
      const [b] = second.amounts;
      if (a.unitFamily !== b.unitFamily || a.value === b.value) continue;
      const moved = (entry: typeof first, from: Amount, to: Amount) => entry.piece.replace(from.text, from.text.replace(from.value.replace('-', /\bto\b/.test(from.text) ? ' to ' : '-'), to.value.replace('-', /\bto\b/.test(from.text) ? ' to ' : '-')));
      out.push({ label: 'faithful', kind: 'action_split', step: `${capitalise(first.piece)}.` });
      out.push({ label: 'faithful', kind: 'action_split', step: `${capitalise(second.piece)}.` });
      out.push({ label: 'flipped', kind: 'amount_moved', step: `${capitalise(sentence.replace(first.piece, moved(first, a, b)))}` });
      out.push({ label: 'flipped', kind: 'amount_moved', step: `${capitalise(moved(second, b, a))}.` });
    }
  }
  return out.filter((entry, index) => !out.slice(0, index).some((earlier) => earlier.step === entry.step) && entry.step.replace(/\.$/, '') !== sentence.replace(/\.$/, ''));
}
