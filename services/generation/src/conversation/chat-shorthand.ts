/** Words clinicians shorten when they type fast, in any case, as whole words. */
const WORDS: Record<string, string> = {
  shd: 'should',
  shld: 'should',
  wd: 'would',
  wld: 'would',
  abt: 'about',
  b4: 'before',
  ppl: 'people',
  pt: 'patient',
  pts: 'patients',
  outpt: 'outpatient',
  outpts: 'outpatients',
  inpt: 'inpatient',
  inpts: 'inpatients',
  mum: 'mother',
  mom: 'mother',
  tx: 'treatment',
  dx: 'diagnosis',
  ddx: 'differential diagnosis',
  hx: 'history',
  sx: 'symptoms',
  mx: 'management',
  ix: 'investigations',
  fx: 'fracture',
  abx: 'antibiotics',
  bd: 'twice daily',
  bid: 'twice daily',
  tds: 'three times daily',
  tid: 'three times daily',
  qds: 'four times daily',
  qid: 'four times daily',
  prn: 'as needed',
};
const WORD = new RegExp(`(?<![\\p{L}\\p{N}/-])(${Object.keys(WORDS).join('|')})(?![\\p{L}\\p{N}/-])`, 'giu');
/** In capitals these are other things: PT prothrombin time, IX factor IX. */
const LOWER_CASE_ONLY = new Set(['pt', 'pts', 'ix']);
/** 'w/' and 'w/o' ('w/o fever'), 'b/c' ('b/c of the rash'). */
const SLASHED: [RegExp, string][] = [
  [/(?<![\p{L}\p{N}])w\/o(?![\p{L}\p{N}])/giu, 'without'],
  [/(?<![\p{L}\p{N}])w\/(?=\s|\p{L})/giu, 'with '],
  [/(?<![\p{L}\p{N}])b\/c(?![\p{L}\p{N}])/giu, 'because'],
];
/** OD after a dose is once daily ('500 mg OD'); anywhere else an overdose ('opioid OD'). */
const DAILY_OD = /(\d\s*(?:mg|g|mcg|micrograms?|ml|units?|iu|tablets?|puffs?)\.?\s+)OD\b/gi;
const OVERDOSE = /(?<![\p{L}\p{N}])OD(?![\p{L}\p{N}])/gu;

/** A chat message with the shorthand clinicians type written out, for reading what it asks ('shd I give abx?'). */
export function readChatShorthand(message: string): string {
  let text = message.replace(DAILY_OD, '$1once daily').replace(OVERDOSE, 'overdose');
  for (const [pattern, written] of SLASHED) text = text.replace(pattern, written);
  const written = (word: string) => (LOWER_CASE_ONLY.has(word.toLowerCase()) && word !== word.toLowerCase() ? word : WORDS[word.toLowerCase()]);
  return text.replace(WORD, written).replace(/ {2,}/g, ' ');
}
