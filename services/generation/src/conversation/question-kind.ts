import { FOLLOW_UP_KEYWORDS } from '@cairn/rules';
import { stemsOf } from './answer-words.js';
import { lemmaOf } from '../lexicon/word-net.js';

/** What a follow-up question asks for, which decides what an answering sentence looks like. */
export type QuestionKind = 'age' | 'refer' | 'dose' | 'avoid' | 'rate' | 'value' | 'checks' | 'duration' | 'timing' | 'who' | 'where' | 'how' | 'signs' | 'why' | 'general';

const REFER = /\b(refer\w*|admi(t|ts|tted|ssion)|hospital|a&e|emergency department|specialist|escalat\w*|seek (help|care)|when to worry|see a doctor|call (911|999|112|an? ambulance))\b/i;
const VALUE = /\b(at what|what ((oxygen|blood|sugar|glucose|body|systolic|diastolic|potassium|sodium|ha?emoglobin|platelet|heart|pulse|respiratory|ketone|lactate|creatinine|bilirubin) )?(temperature|level|saturation|blood pressure|bp|target|threshold|cut.?off|reading|value|percent\w*)|how (high|low|deep)|cut.?off|threshold|what (counts|is counted|qualifies) as\b|what scores? as (a |an )?(high|low|raised|abnormal|positive|severe)|what (score|count|number|reading))\b|^\s*(?:and |so |but )?(?:what )?if\b.*\b(?:is|are|gets?|stays?|falls?|drops?|goes) (?:too |very )?(?:low|high|raised|elevated)\s*[?.]?\s*$|\bwhat %/i;
const RATE = /\b(how fast|what rate|at what rate)\b/i;
/** Questions that ask when, how, what… are not asking whether something may be done, whatever modal they contain. */
const NO_QUESTION_WORD = String.raw`^(?!.*\b(?:when|how|what|which|where|why|who)\b)`;
const AVOID = new RegExp(
  [
    String.raw`\b(avoid\w*|never|should(n't| not)|not (be )?(given|used|put|done)|contraindicat\w*|dangerous|harmful)\b`,
    String.raw`^\s*(should|can|may|is it (safe|ok|okay) to)\b(?!['’]t| not)`,
    String.raw`${NO_QUESTION_WORD}.*\b(is|are)\b[^?]*\b(ok|okay|safe|alright|all right|fine)\s*\?\s*$`,
    String.raw`\b(if|whether) (i|we|she|he|they|you) (can|could|may|should)\b(?!['’]t| not)`,
    String.raw`${NO_QUESTION_WORD}.*\b(can|could|may|should) (i|we|you|she|he|they) (give|use|take|start|try|prescribe|add|continue)\b`,
  ].join('|'),
  'i',
);
/** What to check before acting ('anything I need to check before primaquine?'): the act named is the subject, the checking the kind. */
const CHECKS = /\b(?:check|test|tests|screen|measure|investigat\w*|bloods|blood tests?)\b[^?]*\b(?:before|prior to)\b/i;
/** How long something goes on ('how long do we keep the aspirin going?'), not how long after or before something to act. */
const DURATION = /\b(?:how long|for how many (?:days|weeks|months)|duration)\b(?![^?]*\b(?:after|before|until|since|wait|delay)\b|[^?]*\btakes? (?:to|for|effect)\b)/i;
const TIMING = /\b(time window|window|how quickly|by when|what time|what day)\b/i;
const RECOGNISE = /^\s*how\s+(?:do|can|would|will|should)\s+(?:i|we|you)\s+(?:know|tell|recogni[sz]e|spot|diagnose|identify)\b/i;
const WHERE = /^\s*(?:and\s+|so\s+)?where\b|\b(?:which|what) (?:site|muscle|part of the body|side(?! effects?\b)|vein)\b/i;
/** A question that opens by asking which people ('which outpatients still get antivirals after 48 hours?'): the time or amount it names is a condition, not what it asks. */
const ASKS_WHICH_PEOPLE = /^\s*(?:and\s+|so\s+|but\s+)?(?:who|which (?:\w*patients|people|persons|children|kids|women|men|adults|babies|infants|contacts))\b/i;
const WHO = /\b(who|which (\w*patients|people|persons|children|kids|women|men|adults|babies|infants|contacts)|eligible|eligibility)\b/i;
/** A question asking from or up to what age ('youngest kid who can get 3HP?', 'from what age?', 'how old must she be?'): the answer states an age. */
const AGE = /\b(?:what age|how old|too (?:young|old)|youngest|oldest|(?:min|minimum|max|maximum) age|age (?:limit|cut.?off))\b/i;

/**
 * The kind of a follow-up question, most specific first: an age, a threshold, a referral, a dose, something to avoid,
 * a rate, a time, who, where, how, which signs, why (the follow-up keyword groups of @cairn/rules,
 * with the referral, avoidance, rate, threshold, time and population cues they lack).
 */
export function classifyQuestion(question: string): QuestionKind {
  if (AGE.test(question) && !FOLLOW_UP_KEYWORDS.dosage.test(question)) return 'age';
  if (VALUE.test(question)) return 'value';
  if (REFER.test(question) && !FOLLOW_UP_KEYWORDS.dosage.test(question)) return 'refer';
  if (FOLLOW_UP_KEYWORDS.dosage.test(question)) return 'dose';
  if (RATE.test(question)) return 'rate';
  if (AVOID.test(question) || (FOLLOW_UP_KEYWORDS.safety.test(question) && !/\bsafe\b/i.test(question))) return 'avoid';
  if (ASKS_WHICH_PEOPLE.test(question)) return 'who';
  if (CHECKS.test(question)) return 'checks';
  if (DURATION.test(question)) return 'duration';
  if (FOLLOW_UP_KEYWORDS.timing.test(question) || TIMING.test(question)) return 'timing';
  if (WHO.test(question)) return 'who';
  if (WHERE.test(question)) return 'where';
  if (RECOGNISE.test(question)) return 'signs';
  if (FOLLOW_UP_KEYWORDS.procedure.test(question) || /^\s*how\b|\bways? (?:to|of)\b/i.test(question)) return 'how';
  if (FOLLOW_UP_KEYWORDS.symptoms.test(question) || FOLLOW_UP_KEYWORDS.complications.test(question)) return 'signs';
  if (FOLLOW_UP_KEYWORDS.rationale.test(question)) return 'why';
  return 'general';
}

/** An amount as sources write one, in figures or words ('1 mg', '2 grams', '4-10 puffs', 'one ampoule', '8-10 vials', '15 mg/kg'). */
const AMOUNT =
  /\b(?:\d+(?:\.\d+)?|one|two|three|four|five|six|eight|ten|half)\s*(?:(?:-|to|–)\s*\d+(?:\.\d+)?\s*)?(?:mg|g|grams?|milligrams?|micrograms?|mcg|µg|ml|millilitres?|l|litres?|units?|iu|mmol|puffs?|tablets?|capsules?|drops?|sprays?|sachets?|vials?|ampoules?)\b|\b(?:mg|mcg|ml|units?)\/kg\b/i;
const TIME = /\b(within|every|hourly|daily|twice|until|immediately|at once|as soon as)\b|\d+(\.\d+)?\s*(-|to|–)?\s*\d*\s*(seconds?|minutes?|hours?|days?|weeks?|months?)\b/i;

/** What a sentence that answers each kind of question says. */
export const ANSWER_SIGNALS: Record<QuestionKind, RegExp | null> = {
  age: new RegExp(
    [
      String.raw`\b(?:aged?|ages)\s+(?:of\s+)?\d+`,
      String.raw`\b(?:children|child|kids?|adults?|infants?|babies|baby|people|persons|patients|those|anyone|women|men|girls|boys|adolescents|teenagers|newborns?)\s+(?:aged\s+)?(?:over|under|above|below|from|up to|older than|younger than)\s+\d+(?!\s*(?:kg|g|mg|%|mmol|cm))\b`,
      String.raw`\b(?:older|younger) than\s+\d+\s*(?:years?|yrs?|months?|weeks?)\b`,
      String.raw`\b\d+\s*(?:(?:-|to|–)\s*\d+\s*)?(?:years?|yrs?|months?|weeks?)\s+(?:of age|old|and (?:over|older|above)|or (?:older|over|more))\b`,
      String.raw`\b(?:over|under)[- ]?\d+s\b|\(\s*[≥≤<>]\s*\d+\s*(?:years?|yrs?)\s*\)`,
      String.raw`\b(?:newborns?|neonates?|from birth)\b`,
    ].join('|'),
    'i',
  ),
  refer: /\b(refer\w*|admit\w*|hospital|emergency|transfer\w*|call|seek|specialist|intensive care)\b/i,
  dose: AMOUNT,
  avoid: /^(do not|don't|never|avoid)\b|\b(do not|must not|should not|never|avoid|contraindicat\w*)\b/i,
  rate: /\bper (minute|hour|second)\b|\/(min|minute|h|hour)\b|\bml\/kg\/h/i,
  value: /\d+(\.\d+)?\s*(°c|°f|%|mmhg|mmol|mg\/dl|per minute|\/min|cm|kg)|\d+\/\d+|\b(below|above|under|over|at least|or more|or less|reach\w*|exceed\w*)\s+\d|\d+\s*(or more|or higher|or above|or less|or lower|or below)\b/i,
  checks: /\b(?:test|check|measure|screen|confirm|exclude)\w*\b/i,
  duration: /\b(?:at least|a minimum of) \d+\s*(?:hours?|days?|weeks?|months?)\b|\bfor (?:at least |up to |a further |another |a total of |a minimum of )?(?:\d+(?:\.\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|twelve|fourteen|twenty|thirty)\s*(?:(?:-|to|–)\s*\d+\s*)?(?:seconds?|minutes?|hours?|days?|weeks?|months?|years?)\b|\buntil\b|\b\d+-(?:day|week|month) course\b/i,
  timing: TIME,
  who: /\b(children|adults?|pregnan\w*|infants?|babies|aged|older|younger|eligible|patients with|people with|anyone|at (higher|high|increased|greater) risk|high-risk|higher-risk|from (the )?age (of )?\d+|from \d+ (years?|months?) of age|\d+ (years?|months?) (of age )?(and|or) (over|older|above))\b/i,
  where: /\b(?:into|on|over|under|through|onto) (?:the|a|each|both|one|his|her|their)\b|\b(?:thigh|deltoid|buttock|forearm|upper arm|abdomen|breastbone|sternum|nostril|site)\b/i,
  how: /\b(using|with (\d+|your|the|a|one|two|both|soap|clean)|between|then|formula|by \w+ing|\w+ing (sharply|firmly|gently|hard))\b/i,
  signs: /\b(signs?|symptoms?|look for|suspect|recogni[sz]e|identify|diagnos\w*|such as|present\w*)\b/i,
  why: /\b(because|so that|to (prevent|avoid|reduce|lower)|as (it|they|this)|since|explain that|(reduces|shortens|lowers|prevents|improves|protects)\b)/i,
  general: null,
};

/** Words that say what kind of answer is wanted only for one kind ('how fast' asks a rate; 'fast breathing' is a sign). */
export const KIND_WORDS: Partial<Record<QuestionKind, string>> = { rate: 'fast quickly rate speed', checks: 'check test screen measure investigations bloods before prior' };

/** Words of a question that say what kind of answer is wanted, not what about. */
export const ASKING_WORDS =
  'dose doses dosage dosing much many amount quantity give given take time window long soon often frequency duration when how what which who why do does done doing quickly sign signs symptom symptoms warning safe avoid should can may must need needs patient use used best right recommended instead rather exactly still calculate age old young youngest oldest get gets getting think make mean suggest worry tell know ok okay next now';

const HOW_TO = /^\s*(?:and\s+|so\s+|but\s+)?how\s+(?:do|does|should|shall|can|could|would|will|must|to)\s+(?:(?:i|we|you|they|one|he|she)\s+)?(?:best\s+|safely\s+|actually\s+)?([a-z]+)\b/i;
const WHAT_TO = /^\s*(?:and\s+|so\s+|but\s+)?what\s+(?:do|does|should|shall|can|could|would|must)\s+(?:i|we|you|they)\s+([a-z]+)\b/i;
const HOW_PASSIVE = /^\s*how\s+(?:should|is|are|can|must|do|does)\b.*?\bbe\s+([a-z]+ed)\b/i;
/** Verbs that frame a question rather than name the act asked about ('how do I know…', 'how do we tell…'). */
const FRAMING_VERBS = new Set(stemsOf('know tell think mean make get go do say find see decide figure deal'));

/** The act a "how do I…" or "what do I…" question asks about, as written ('how do I calculate the fluids' → calculate, 'what do I give for…' → give), or null. */
export function askedVerb(question: string): string | null {
  const verb = (HOW_PASSIVE.exec(question)?.[1] ?? HOW_TO.exec(question)?.[1] ?? WHAT_TO.exec(question)?.[1])?.toLowerCase();
  const stem = verb ? stemsOf(verb)[0] : undefined;
  return verb && stem && !FRAMING_VERBS.has(stem) && lemmaOf(verb, 'verb') !== null ? verb : null;
}
