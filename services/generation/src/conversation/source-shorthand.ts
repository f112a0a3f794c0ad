import { tokenize } from '@cairn/rules';
import { lemmaOf, medicineClasses } from '../lexicon/word-net.js';
import { isEverydayWord } from './answer-words.js';

const WORD = /[\p{L}\p{N}'-]+/gu;
const words = (text: string) => text.match(WORD) ?? [];
const isStopword = (word: string) => tokenize(word).length === 0;
const LONGEST_PHRASE = 4;

/** Whether `short`'s letters appear in `long` in order, the first two (or the only one) at its start. */
function spells(short: string, long: string): boolean {
  if (long.length < short.length + 2 || !long.startsWith(short.slice(0, 2))) return false;
  let at = 0;
  for (const letter of long) if (letter === short[at]) at++;
  return at === short.length;
}

/** Whether an abbreviation's letters run through a phrase's content words in order, each word giving at least its first letter. */
function initialsOf(letters: string, phrase: string[]): boolean {
  if (phrase.length === 0) return letters.length === 0;
  const [word, ...rest] = phrase;
  if (letters[0] !== word[0]) return false;
  for (let taken = 1, at = 1; taken <= letters.length; taken++) {
    if (initialsOf(letters.slice(taken), rest)) return true;
    while (at < word.length && word[at] !== letters[taken]) at++;
    if (at++ >= word.length) return false;
  }
  return false;
}

/**
 * Whether a long form leaves words out of its abbreviation's spelling ('home monitoring (HBPM)', of home
 * blood pressure monitoring): two or more words, the first and last giving its first and last letters,
 * the others letters between, in order.
 */
function shortenedTo(letters: string, phrase: string[]): boolean {
  if (phrase.length < 2 || phrase[0][0] !== letters[0] || phrase.at(-1)![0] !== letters.at(-1)) return false;
  let at = 1;
  for (const word of phrase.slice(1, -1)) {
    at = letters.indexOf(word[0], at) + 1;
    if (at === 0 || at >= letters.length) return false;
  }
  return true;
}

/** The sources' phrases of up to LONGEST_PHRASE content words (stopwords inside kept, none at either end). */
function phrasesOf(text: string): { text: string; content: string[] }[] {
  const tokens = words(text.toLowerCase());
  const phrases: { text: string; content: string[] }[] = [];
  tokens.forEach((first, start) => {
    if (isStopword(first)) return;
    const content: string[] = [];
    for (let end = start; end < tokens.length; end++) {
      if (isStopword(tokens[end])) continue;
      content.push(tokens[end]);
      if (content.length > LONGEST_PHRASE) break;
      phrases.push({ text: tokens.slice(start, end + 1).join(' '), content: [...content] });
    }
  });
  return phrases;
}

/** Only a verb's inflection ('predicted', 'prescribed', not 'medicines'): shorthand stands for a name, not for one of these. */
const isInflectedVerb = (word: string) => {
  const lemma = lemmaOf(word, 'verb');
  return lemma !== null && lemma !== word && lemmaOf(word, 'noun') === null;
};

/** How far before "(ABBR)" its long form is looked for. */
const DEFINITION_REACH = 120;
/** An abbreviation as sources define one: two or more capitals, or capitals with digits ('OLE', '20WBCT', 'TB'). */
const ABBREVIATION = /^(?=(?:[^A-Z]*[A-Z]){2})[A-Z0-9-]{2,10}$/;

/**
 * What the sources define an abbreviation as, writing it after its long form ('oil of lemon
 * eucalyptus (OLE)', '20-minute whole blood clotting test (20WBCT)'): the words before it, within the
 * clause, from the first content word its first letter starts (with a leading number the abbreviation
 * also has), whose words its letters run through, or which it shortens. Each place the sources write "(ABBR)" is tried.
 */
function definedAs(abbreviation: string, text: string): string | null {
  const [, digits, letters] = /^(\d*)(.*)$/.exec(abbreviation)!;
  const marker = `(${abbreviation})`;
  for (let at = text.indexOf(marker); at >= 0; at = text.indexOf(marker, at + marker.length)) {
    const clause = text.slice(Math.max(0, at - DEFINITION_REACH), at).split(/[.;:()\n]/).at(-1) ?? '';
    const before = words(clause).slice(-(letters.length + 3));
    const start = before.findIndex((word) => !isStopword(word) && word[0]?.toLowerCase() === letters[0]?.toLowerCase());
    if (start < 0) continue;
    const long = before.slice(start);
    const content = long.map((word) => word.toLowerCase()).filter((word) => !isStopword(word));
    if (!initialsOf(letters.toLowerCase(), content) && !shortenedTo(letters.toLowerCase(), content)) continue;
    const from = digits && start > 0 && before[start - 1].startsWith(digits) ? start - 1 : start;
    return before.slice(from).join(' ');
  }
  return null;
}

/**
 * What a clinician's shorthand stands for in the sources at hand: 'cipro' ciprofloxacin, 'benpen'
 * benzylpenicillin, TXA tranexamic acid, OLE what the sources define it as. An abbreviation the
 * sources define is read as its long form; otherwise a word the sources never use is read as the one
 * word of theirs, not an everyday one nor a verb's inflection, that it spells from its start (one it
 * begins preferred), and one in capitals as the one
 * phrase whose words its letters run through from their initials, initials alone preferred. No
 * reading when several fit, unless they are medicines of one class ('pred': prednisolone and prednisone).
 */
export function shorthandReadings(question: string, sourceTexts: string[]): { shorthand: string; stands: string }[] {
  const text = sourceTexts.join('\n');
  const used = new Set(words(text.toLowerCase()));
  const sourceWords = [...used].filter((word) => /^\p{L}+$/u.test(word) && !isEverydayWord(word));
  let phrases: ReturnType<typeof phrasesOf> | null = null;
  const readings: { shorthand: string; stands: string }[] = [];
  for (const written of new Set(words(question))) {
    const short = written.toLowerCase();
    const defined = ABBREVIATION.test(written) && !isEverydayWord(short) ? definedAs(written, text) : null;
    if (defined) {
      readings.push({ shorthand: written, stands: defined });
      continue;
    }
    if (!/^\p{L}{2,8}$/u.test(written) || used.has(short) || isStopword(short) || isEverydayWord(short)) continue;
    const capitals = written.length <= 5 && written === written.toUpperCase();
    let fits: string[];
    if (capitals) {
      phrases ??= phrasesOf(text);
      const fitting = phrases.filter((phrase) => phrase.content.length > 1 && initialsOf(short, phrase.content));
      const initialsOnly = fitting.filter((phrase) => phrase.content.length === short.length);
      fits = [...new Set((initialsOnly.length > 0 ? initialsOnly : fitting).map((phrase) => phrase.text))];
    } else {
      const spelt = short.length >= 3 ? sourceWords.filter((word) => spells(short, word) && !isInflectedVerb(word)) : [];
      const truncations = spelt.filter((word) => word.startsWith(short));
      fits = truncations.length > 0 ? truncations : spelt;
    }
    if (fits.length === 1 || medicinesOfOneClass(fits)) readings.push(...fits.map((stands) => ({ shorthand: written, stands })));
  }
  return readings;
}

/** Whether several readings of a shortened word are medicines of one class ('pred': prednisolone and prednisone, glucocorticoids; not 'pen': penicillin and penicillamine). */
function medicinesOfOneClass(fits: string[]): boolean {
  const [first] = medicineClasses(fits[0] ?? '');
  return fits.length > 1 && first !== undefined && fits.every((fit) => medicineClasses(fit)[0] === first);
}

/** The abbreviations the sources define ('home monitoring (HBPM)'), each with its long form: a sentence writing one says its long form too. */
export function definitionsIn(sourceTexts: string[]): Map<string, string> {
  const text = sourceTexts.join('\n');
  const definitions = new Map<string, string>();
  for (const [, abbreviation] of text.matchAll(/\(([A-Za-z0-9-]{2,10})\)/g)) {
    if (definitions.has(abbreviation) || !ABBREVIATION.test(abbreviation)) continue;
    const long = definedAs(abbreviation, text);
    if (long) definitions.set(abbreviation, long);
  }
  return definitions;
}
