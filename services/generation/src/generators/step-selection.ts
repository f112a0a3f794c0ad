import { STEP_MAX_LENGTH, tokenize, type Intent } from '@cairn/rules';
import type { SourceSentence } from '../sources/sentences.js';
import { populations } from '../grounding/claim-check.js';
import { opensWithVerb } from './instruction-verbs.js';

/** Verbs that open an instruction. */
const ACTION_VERBS = new Set(
  `give administer start stop check assess ask examine measure monitor record call dial refer admit transfer escalate advise tell
  offer use apply cool keep place position open remove avoid treat test confirm consider suspect recognise recognize classify
  review repeat reassess observe watch take ensure arrange discharge educate counsel encourage prescribe continue switch
  insert inject infuse elevate immobilise immobilize lay put press push cover wash clean irrigate follow seek get send screen
  identify look stay remain drink eat rest sit lie perform deliver begin dose`.split(/\s+/),
);

type Phase = 0 | 1 | 2 | 3 | 4 | 5;

/** A step down once the treatment has worked ('Switch to subcutaneous insulin once DKA has resolved…'): after the treatment, with monitoring. */
const STEPPING_DOWN =
  /^(?:switch|step down|stop|change|convert|discontinue|taper|de-?escalate)\b[^.;]*\b(?:once|when|after)\b[^.;]*\b(?:resolved|improv\w*|settled|stable|afebrile|recovered|able to|can (?:eat|drink|swallow|take))\b/i;

const PHASES: [Phase, RegExp][] = [
  [1, /^(call|dial|phone|get help|start cpr|begin|open the airway|lay|place|position|press|push|stop the bleeding|cool|immobili[sz]e|keep (the patient )?still|remove)\b/i],
  [0, /^(suspect|recogni[sz]e|assess|check|ask|examine|look|measure|classify|confirm|diagnose|test|identify|screen|record|take a|evaluate|obtain|count|estimate|calculate|weigh|exclude|interpret)\b/i],
  [4, /^continue\b[^.;]*\buntil\b/i],
  [4, STEPPING_DOWN],
  [2, /^(give|dose|administer|treat|start|prescribe|offer|use|inject|infuse|apply|insert|switch|continue|deliver|add|aim|manage|reduce|relieve|adjust|replace|restart|transfuse|ventilate|vaccinate|isolate|dress|secure|increase|lower|reserve|prefer|choose)\b/i],
  [3, /^(do not|don't|avoid|never)\b/i],
  [4, /^(monitor|review|reassess|repeat|observe|watch|re-?check|follow|allow|progress|return)\b/i],
  [5, /^(refer|admit|transfer|escalate|discharge|advise|tell|educate|counsel|arrange|encourage|seek)\b/i],
];

const INTENT_WORDS: Record<Intent, RegExp> = {
  emergency: /\b(call|emergency|immediately|at once|urgent|ambulance|999|911|108|now)\b/i,
  treatment: /\b(give|dose|mg|treat|therapy|drug|regimen|days?|hours?)\b/i,
  symptoms: /\b(symptom|sign|fever|pain|rash|vomit|bleed|warning|headache|ache|drows|lethargy|present)\w*/i,
  diagnosis: /\b(test|confirm|diagnos|measure|count|level|scan|ecg|x-ray|culture|rdt)\w*/i,
  prevention: /\b(prevent|avoid|use|vaccin|net|repellent|protect|wear|screen)\w*/i,
  general: /$^/,
};

const SPECIFIC = /\d|\bmg\b|\bml\b|\bhours?\b|\bminutes?\b|%|mmhg|mmol/i;

const AGE_GROUPS: Record<string, 'young' | 'grown'> = { infant: 'young', child: 'young', adolescent: 'young', adult: 'grown', older: 'grown' };
/** How much naming the question's people (a child's dose for a child) counts, and naming only others costs. */
const SAME_PEOPLE = 0.5;
/** What a sentence too long for a step costs: the step rules would cut it, often mid-clause. */
const CUT_SHORT = 0.5;

/** +1 when a sentence names people the question names, −1 when it names only people of another age, else 0. */
export function peopleMatch(sentence: string, asked: ReadonlySet<string> | undefined): number {
  if (!asked || asked.size === 0) return 0;
  const named = populations(sentence);
  if ([...named].some((group) => asked.has(group) || (AGE_GROUPS[group] && [...asked].some((other) => AGE_GROUPS[other] === AGE_GROUPS[group])))) return 1;
  const ages = [...asked].map((group) => AGE_GROUPS[group]).filter(Boolean);
  return ages.length > 0 && named.size > 0 && [...named].every((group) => AGE_GROUPS[group] && !ages.includes(AGE_GROUPS[group])) ? -1 : 0;
}

export interface ScoredSentence extends SourceSentence {
  score: number;
  actionable: boolean;
  phase: Phase;
  stems: Set<string>;
}

/** A condition an instruction opens with ('If systolic BP is below 90 mmHg, give…', 'Once the child can drink, start…'). */
const LEADING_CONDITION = /^(if|when|once|while|where|after|before|until|for|in)\b(?:[^,;:.]|\.\d){1,120},\s*/i;

/** The instruction of a sentence, after any condition it opens with. */
const instructionOf = (text: string) => text.replace(LEADING_CONDITION, '');

function isActionable(text: string): boolean {
  const instruction = instructionOf(text);
  const first = instruction.toLowerCase().match(/^[a-z']+/)?.[0] ?? '';
  return ACTION_VERBS.has(first) || /^(do not|don't|never)\b/i.test(instruction) || /\b(should|must)\b/i.test(text) || opensWithVerb(instruction);
}

function phaseOf(text: string): Phase {
  const instruction = instructionOf(text);
  return PHASES.find(([, pattern]) => pattern.test(instruction))?.[0] ?? 5;
}

export interface SelectionContext {
  queryStems: string[];
  /** The groups of people the question names (see populations). */
  populations?: ReadonlySet<string>;
  intent: Intent;
  /** Stems of each source's title, section and disease: what the source is about. */
  sourceTopics: Map<number, Set<string>>;
  /** The sources about the question (see onTopicSources). */
  onTopic: Set<number>;
}

/**
 * Scores a sentence for a checklist: how much of the query it (or its source) covers, whether it is an
 * instruction, whether it is concrete (doses, times, thresholds) and whether it serves the intent.
 * A sentence qualifies when its source is about the question or when it mentions most of the query
 * itself; others score null (strict topical filtering). A sentence the step rules would cut scores lower.
 */
export function scoreSentence(sentence: SourceSentence, context: SelectionContext): ScoredSentence | null {
  const stems = new Set(tokenize(sentence.text));
  const query = context.queryStems;
  if (query.length === 0) return null;
  const topic = context.sourceTopics.get(sentence.sourceId) ?? new Set<string>();
  const inSentence = query.filter((stem) => stems.has(stem)).length / query.length;
  const inSourceOrSentence = query.filter((stem) => stems.has(stem) || topic.has(stem)).length / query.length;
  if (!context.onTopic.has(sentence.sourceId) && inSentence < 0.5) return null;
  const actionable = isActionable(sentence.text);
  const score =
    inSourceOrSentence +
    inSentence +
    (actionable ? 1 : 0) +
    (SPECIFIC.test(sentence.text) ? 0.4 : 0) +
    (INTENT_WORDS[context.intent].test(sentence.text) ? 0.6 : 0) +
    0.3 * (1 - (sentence.sourceId - 1) / 6) +
    SAME_PEOPLE * peopleMatch(sentence.text, context.populations) -
    (sentence.text.length > STEP_MAX_LENGTH ? CUT_SHORT : 0) -
    0.01 * sentence.position;
  return { ...sentence, score, actionable, phase: phaseOf(sentence.text), stems };
}

export function similarity(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const stem of a) if (b.has(stem)) shared++;
  return shared / Math.max(1, Math.min(a.size, b.size));
}
