/** Words clinicians shorten when they type fast, as whole words. */
const WORDS: Record<string, string> = {
  shd: 'should',
  shld: 'should',
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
  opd: 'outpatients',
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
  inj: 'injection',
  bid: 'twice daily',
  tds: 'three times daily',
  tid: 'three times daily',
  qds: 'four times daily',
  qid: 'four times daily',
  prn: 'as needed',
  sats: 'oxygen saturation',
  temp: 'temperature',
  meds: 'medicines',
  nebs: 'nebulisers',
  bloods: 'blood tests',
};
/** Not in capitals: PT is prothrombin time, IX factor IX, MOM milk of magnesia (and never after 'factor'). */
const NOT_IN_CAPITALS = new Set(['pt', 'pts', 'ix', 'mum', 'mom']);
const WORD = new RegExp(`(?<![\\p{L}\\p{N}/-])(${Object.keys(WORDS).join('|')})(?![\\p{L}\\p{N}/-])`, 'giu');
/** Going home from care, as protocols say it ('can they go home?' asks whether they can be discharged home). */
const GOING_HOME = /\b(?:go|going|send|sending|sent|let)\s+((?:\w+\s+)?)home\b(?!\s+(?:care|visit|treatment|isolation|remed))/gi;
/** 'w/' and 'w/o' ('w/o fever'; not w/v or w/w), 'b/c' ('b/c of the rash'). */
const SLASHED: [RegExp, string][] = [
  [/(?<![\p{L}\p{N}])w\/o(?![\p{L}\p{N}])/giu, 'without'],
  [/(?<![\p{L}\p{N}])w\/(?![vw]\b)(?=\s|\p{L})/giu, 'with '],
  [/(?<![\p{L}\p{N}])b\/c(?![\p{L}\p{N}])/giu, 'because'],
];
/** A dose and how it is given, after which OD is once daily and BD twice daily ('1 g PO OD', '50 mg/kg IV BD'). */
const AFTER_A_DOSE = String.raw`(\d\s*(?:mg|g|mcg|micrograms?|ml|units?|iu|tablets?|puffs?)(?:\/kg)?\.?(?:\s+(?:iv|im|po|sc|sl|pr|oral(?:ly)?|by mouth|daily))*\s+)`;
const DAILY = new RegExp(`${AFTER_A_DOSE}(OD|BD)\\b`, 'gi');
/** OD anywhere else is an overdose ('opioid OD'), but not the right eye ('OD pressure 28', 'VA OD'). */
const OVERDOSE = /(?<![\p{L}\p{N}]|\b(?:va|iop)\s)OD(?![\p{L}\p{N}]|\s+(?:pressure|iop|va|acuity|eye)\b)/giu;

function longForm(word: string, _shorthand: string, offset: number, text: string): string {
  const lower = word.toLowerCase();
  const keep = (NOT_IN_CAPITALS.has(lower) && word === word.toUpperCase()) || (lower === 'ix' && /\bfactor\s+$/i.test(text.slice(0, offset)));
  return keep ? word : WORDS[lower];
}

/** A chat message with the shorthand clinicians type written out, for reading what it asks ('shd I give abx?'). */
export function readChatShorthand(message: string): string {
  let text = message.replace(DAILY, (_match, dose: string, times: string) => `${dose}${times.toUpperCase() === 'OD' ? 'once daily' : 'twice daily'}`);
  text = text.replace(OVERDOSE, (match: string) => (match === 'OD' ? 'overdose' : match));
  for (const [pattern, replacement] of SLASHED) text = text.replace(pattern, replacement);
  text = text.replace(GOING_HOME, (_match, who: string) => `discharge ${who}home`);
  return text.replace(WORD, longForm).replace(/ {2,}/g, ' ');
}
