import { peopleMatch, similarity } from '../generators/step-selection.js';
import { populations } from '../grounding/claim-check.js';
import { sentencesOf, type SourceSentence } from '../sources/sentences.js';
import type { Source } from '../sources/source.js';
import { ANSWER_SIGNALS, ASKING_WORDS, KIND_WORDS, askedVerb, classifyQuestion } from './question-kind.js';
import { AMOUNT_STEM, isEverydayWord, stemsOf, writtenOut } from './answer-words.js';
import { definitionsIn, shorthandReadings } from './source-shorthand.js';
import { ageFit, ageGroup, askedAge, askedWeight, weightFit } from './age-ranges.js';
import { askedReading, readingFit } from './readings.js';
import { refersBack, stepObject } from './step-referent.js';
import { stemClasses } from '../lexicon/drug-stems.js';
import { attributesOf, kindsOfAct, lemmaOf, medicineClasses, namesADisease, namesADrug, nounsOfAdjective, nounsOfVerb, otherNamesOf } from '../lexicon/word-net.js';

export interface AnswerSentence {
  text: string;
  sourceId: number;
  /** How much of the question the sentence covers, 0..1. */
  coverage: number;
  /** Quoted from a list in its source: shown as a list item. */
  listItem?: boolean;
}

export interface PassageQuestion {
  question: string;
  /** The protocol the question is about. */
  topic: string;
  /** What "it" refers to: the step a step thread discusses. */
  focus?: string;
  /** What search added to the question: long forms of its abbreviations, synonyms of its lay words (shorthand the sources spell out is read here). */
  expansions?: string[];
  sources: Source[];
  /** Keeps out sentences the source they come from does not state. */
  admissible?: (sentence: SourceSentence) => boolean;
}

/** Either the sentences that answer, the answering one first, or the question words no source mentions (none when they mention them but do not answer; with `asked`, what they name but give no dose of). */
export type PassageAnswer = { sentences: AnswerSentence[] } | { unanswered: string[]; asked?: 'dose' };

const MAX_SUPPORTING = 3;
/** The weighted share of what the question asks about that a sentence must name to answer it. */
const NAMES_THE_QUESTION = 0.25;
/** ...or the share of its words, counted alike: a word rare among the sources ('suspected') does not outweigh the one asked about ('antibiotics'). */
const NAMES_HALF_THE_QUESTION = 0.5;
const NEAR_DUPLICATE = 0.6;
/** How much what a sentence's section heading names counts beside what the sentence names itself, when choosing the answering sentence (a supporting one must name it itself). */
const UNDER_THE_HEADING = 0.5;
/** How much an everyday word of the question ('bother', 'think') counts beside a word of medicine when deciding the sources do not answer. */
const EVERYDAY_WORD = 0.5;
const ASKING_STEMS = new Set(stemsOf(ASKING_WORDS));
/** What the question says is not at hand ('no lund browder chart here', 'the pump is not available'): the answer is another way. */
const LACKING = [
  /\b(?:no|out of|(?:do not|don't|dont) have|(?:have|has) not got)\s+((?:[\p{L}\d-]+\s+){0,3}?[\p{L}\d-]+)\s+(?:here|available|in stock|on the ward|at hand|with (?:me|us))\b/giu,
  /\b((?:[\p{L}\d-]+\s+){0,2}?[\p{L}\d-]+)\s+(?:is|are)\s+(?:not available|unavailable|out of stock)\b/giu,
];
const lackedStems = (question: string) => new Set(LACKING.flatMap((pattern) => [...question.matchAll(pattern)].flatMap(([, thing]) => stemsOf(thing))));
/** How much lower a sentence comes that names what the question says is not at hand. */
const NOT_AT_HAND = 1;
/** Someone asking for something, which frames the question ('pt's asking for ivermectin, any role?', 'mum asking if she can…'). */
const ASKING_FOR = /\b(?:is |are |was |were |keeps? )?ask(?:ing|s|ed)? (?:for|if|whether|about)\b/gi;
/** How much a number, unit of time or measure of the question ('6 years' of 'a 6 yr old', '25 kg') counts beside what it is asked about. */
const AN_AMOUNT = 0.3;
/** How much what "it" stands for in a step thread counts beside the words the question adds ('what dose of it for a child?'). */
const THE_REFERENT = 0.5;
/** A number the question has someone call ('call 911', 'dial 108') or an emergency number ('999 or not?'): what to do, not an amount. */
const DIALLED = /\b(?:call|dial|ring|phone)\s+(\d{3})\b|\b(911|999|112)\b/gi;

/** How much naming the question's people (a child's dose for a 7-year-old) counts, and naming only people of another age costs. */
const SAME_PEOPLE = 0.5;
/** How much a sentence for the question's age, weight or reading ('children aged 6 to 12 years' of 'an 8 yo', '15 to 23 kg' of 'a 20 kg child', 'potassium is 3.5 to 5.5' of 'K 4.2') counts, and one for others costs. */
const SAME_BAND = 0.5;

/** The groups of people a question names, an age read as its age group. */
function peopleAsked(question: string, age: number | null): Set<string> {
  const people = populations(writtenOut(question));
  if (age !== null) people.add(ageGroup(age));
  return people;
}

/**
 * People for whom the advice for everyone may not hold: a question about them is answered only by a
 * sentence that names them, or the measure that tells them apart (eGFR of kidney disease).
 */
const SPECIAL_GROUPS: Record<string, RegExp | null> = {
  pregnancy: null,
  breastfeeding: null,
  'kidney disease': /\b(?:egfr|creatinine|dialysis|nephro\w*)\b/i,
  'liver disease': /\b(?:lfts?|liver function|jaundice|hepatitis|cirrhosis|transaminases?|alt|ast)\b/i,
};
const namesGroup = (text: string, group: string) => populations(text).has(group) || SPECIAL_GROUPS[group]?.test(text) === true;

/** What a sentence that holds for some people only says of them ('in people with established cardiovascular disease'). */
const RESTRICTED_TO = /\b(?:in|for)\s+(?:people|patients|adults|children|women|men|those|anyone|infants)\s+(?:with|who have|who are|taking|on)\s+([^;:.]+)/i;
/** How much lower a sentence for people the question does not name comes than one for everyone it asks about. */
const NARROWER = 0.8;

/** Whether a sentence holds only for people with something the question and its protocol do not name: the answer for everyone comes first. */
function forOthers(text: string, named: ReadonlySet<string>): boolean {
  const condition = RESTRICTED_TO.exec(text)?.[1];
  return condition !== undefined && !stemsOf(condition).some((stem) => named.has(stem));
}

/** The words of a text that name a disease ('malaria' of 'Use seasonal malaria chemoprevention…'). */
const diseasesIn = (text: string) => wordsOf(text).filter((word) => word.length > 3 && namesADisease(word));

/** The words of a text as a clinician wrote them, its shorthand written out ('48h' is '48 hours'). */
const wordsOf = (text: string) => writtenOut(text).split(/[^\p{L}\p{N}'-]+/u).filter(Boolean);

/** How much of a question a sentence covers: the share of the question's content words it has, 0..1. */
export function questionCoverage(question: string, sentence: string): number {
  const questionStems = [...new Set(stemsOf(question))];
  const stems = new Set(stemsOf(sentence));
  return questionStems.length ? questionStems.filter((stem) => stems.has(stem)).length / questionStems.length : 0;
}

/** A whole sentence or list item as its source states it: not cut short ("..."), ending as a sentence ends. */
function isWhole(sentence: SourceSentence): boolean {
  const text = sentence.text.trim();
  return !/(\.\.\.|…)$/.test(text) && (/[.!?]["')]?$/.test(text) || sentence.listItem === true);
}

/** A sentence naming several things ('pinpoint pupils, unresponsiveness, and slow breathing'; 'falling urine output, cold extremities and a narrowing pulse pressure'): what a question about signs wants. */
const listsSeveral = (text: string) => (text.match(/,/g)?.length ?? 0) >= 2 || /,\s*[^,.;\s][^,.;]*\s(?:and|or)\s/.test(text);

/** Each stem's weight: the rarer among the sentences, the more a sentence naming it is about the question. */
function rarity(stems: string[], sentences: Set<string>[]): Map<string, number> {
  return new Map(stems.map((stem) => [stem, 1 / (1 + sentences.filter((sentence) => sentence.has(stem)).length)]));
}

const weightedShare = (stems: string[], present: Set<string>, weight: Map<string, number>) => {
  const total = stems.reduce((sum, stem) => sum + weight.get(stem)!, 0);
  return total ? stems.filter((stem) => present.has(stem)).reduce((sum, stem) => sum + weight.get(stem)!, 0) / total : 0;
};

const share = (stems: string[], present: Set<string>) => (stems.length ? stems.filter((stem) => present.has(stem)).length / stems.length : 0);

/**
 * The sentences of the sources that answer a follow-up question, the answering one first: it names
 * what the question asks about (the words it adds to the protocol's topic and the step discussed)
 * and says what the kind of question wants (a dose, a time, what to avoid…), then at most three that
 * support it. When the sources do not mention most of what is asked about, the words they lack.
 */
export function answerSentences({ question: asWritten, topic, focus = '', expansions = [], sources, admissible = () => true }: PassageQuestion): PassageAnswer {
  const question = asWritten.replace(ASKING_FOR, ' ');
  const kind = classifyQuestion(question);
  const signal = ANSWER_SIGNALS[kind];
  const topicStems = new Set(stemsOf(topic));
  const context = new Set([...topicStems, ...stemsOf(focus)]);
  const known = new Set(sources.flatMap((source) => stemsOf(source.text)));
  const readings = shorthandReadings(question, sources.map((source) => source.text)).map(({ shorthand, stands }) => ({
    shorthand: stemsOf(shorthand),
    stands,
    long: [...new Set(stemsOf(stands))],
  }));
  const saidByTheSources = (phrase: string) => stemsOf(phrase).every((stem) => known.has(stem));
  const words = wordsOf(question);
  const age = askedAge(question);
  const bodyWeight = askedWeight(question);
  const measured = askedReading(question);
  // A question asking for a target or threshold gives its reading as context: the target range does not hold it.
  const fittedReading = kind === 'value' ? null : measured;
  const people = peopleAsked(question, age);
  const unknownWords = words.filter((word) => !saidByTheSources(word));
  const understood = [...expansions, ...readings.map((reading) => reading.stands), ...(measured ? [measured.measure] : []), ...unknownWords.flatMap((word) => [...attributesOf(word), ...otherNamesOf(word), ...nounsOfVerb(word), ...nounsOfAdjective(word)])].filter(saidByTheSources);
  const classes = [...new Set([...words, ...expansions.flatMap(wordsOf)].flatMap(classesOfMedicine))].filter(saidByTheSources);
  const readingValue = new Set(measured ? stemsOf(measured.written) : []);
  const lacking = lackedStems(question);
  const asked = [...new Set(stemsOf(question))].filter((stem) => !readingValue.has(stem) && !lacking.has(stem));
  const framing = new Set([...stemsOf(KIND_WORDS[kind] ?? ''), ...(focus ? actOnTheStep(question) : [])]);
  const specific = asked.filter((stem) => !context.has(stem) && !ASKING_STEMS.has(stem) && !framing.has(stem));
  const everyday = new Set(stemsOf(words.filter(isEverydayWord).join(' ')));
  const quotable = withGroupsNamed(withMedicinesOf(withActs(quotableSentences(sources, admissible, readings), askedVerb(question)), words), words, people);
  for (const { stems } of quotable) for (const stem of stems) known.add(stem);
  const unsaid = unsaidWords(words, people, quotable);
  if (unsaid.length > 0) return { unanswered: unsaid };
  const importance = (stem: string) => (everyday.has(stem) ? EVERYDAY_WORD : 1);
  const peopleWords = new Set(stemsOf(words.filter((word) => populations(word).size > 0).join(' ')));
  const missing = specific.filter((stem) => !known.has(stem) && !/\d/.test(stem) && !peopleWords.has(stem));
  const weightOf = (stems: string[]) => stems.reduce((sum, stem) => sum + importance(stem), 0);
  const missingTelling = missing.filter((stem) => !everyday.has(stem));
  if (specific.length > 0 && weightOf(missing) - understood.length > weightOf(specific) / 2) {
    if (missingTelling.length > 0) return { unanswered: wordsFor(question, missingTelling) };
    const onTheProtocol = asked.some((stem) => topicStems.has(stem) || (known.has(stem) && !everyday.has(stem) && !peopleWords.has(stem)));
    if (!focus && !onTheProtocol) return { unanswered: [] };
  }

  const focusStems = [...new Set(stemsOf(focus))].filter((stem) => !ASKING_STEMS.has(stem) && !topicStems.has(stem));
  const standsFor = [...understood, ...classes].filter((phrase) => !stemsOf(phrase).some((stem) => asked.includes(stem)));
  const expanded = [...new Set(standsFor.flatMap(stemsOf))].filter((stem) => !context.has(stem) && !specific.includes(stem) && !ASKING_STEMS.has(stem));
  const onTopic = asked.filter((stem) => topicStems.has(stem) && !ASKING_STEMS.has(stem));
  const askedOfFocus = asked.filter((stem) => focusStems.includes(stem));
  const telling = specific.filter((stem) => !everyday.has(stem) && !AMOUNT_STEM.test(stem));
  const referent = focusStems.length > 0 ? referentOf(question, focus) ?? [] : [];
  const subject =
    telling.length > 0
      ? [...new Set([...specific, ...expanded, ...referent])]
      : specific.length > 0
        ? [...new Set([...specific, ...expanded, ...referent, ...(askedOfFocus.length > 0 ? askedOfFocus : onTopic)])]
        : askedOfFocus.length > 0
          ? askedOfFocus
          : focusStems.length > 0
            ? referent.length > 0 ? referent : focusStems
            : onTopic;
  const named = new Set([...asked, ...expanded, ...context]);
  const mentioned = subject.filter((stem) => quotable.some(({ stems }) => stems.has(stem)));
  const focusMentioned = focusStems.filter((stem) => quotable.some(({ stems }) => stems.has(stem)));
  const weight = rarity([...mentioned, ...focusMentioned], quotable.map(({ stems }) => stems));
  const dialled = new Set([...question.matchAll(DIALLED)].map(([, called, emergency]) => called ?? emergency));
  const isAmount = (stem: string) => AMOUNT_STEM.test(stem) && !dialled.has(stem);
  for (const stem of weight.keys()) if (isAmount(stem)) weight.set(stem, weight.get(stem)! * AN_AMOUNT);
  if (specific.length > 0) for (const stem of referent) if (weight.has(stem) && !specific.includes(stem)) weight.set(stem, weight.get(stem)! * THE_REFERENT);
  for (const phrase of standsFor) {
    const stems = stemsOf(phrase).filter((stem) => expanded.includes(stem) && weight.has(stem));
    for (const stem of stems) weight.set(stem, weight.get(stem)! / stems.length);
  }
  // What an asked word is read as ('albuterol' of salbutamol) weighs no more than the asked words, however rare among the sentences.
  const askedWeights = telling.filter((stem) => weight.has(stem)).map((stem) => weight.get(stem)!);
  if (askedWeights.length > 0) for (const stem of expanded) if (weight.has(stem)) weight.set(stem, Math.min(weight.get(stem)!, Math.min(...askedWeights)));
  const candidates = quotable
    .map(({ sentence, stems, heading, does }) => {
      const ownAbout = weightedShare(mentioned, stems, weight);
      const about = Math.max(ownAbout, UNDER_THE_HEADING * weightedShare(mentioned, new Set([...stems, ...heading]), weight));
      const says = signal?.test(sentence.text) && (kind !== 'signs' || listsSeveral(sentence.text)) ? 1 : 0;
      const coverage = share(asked, stems);
      const onFocus = weightedShare(focusMentioned, stems, weight);
      const narrower = (forOthers(sentence.text, named) ? NARROWER : 0) + (lacking.size > 0 && [...lacking].every((stem) => stems.has(stem)) ? NOT_AT_HAND : 0);
      const forTheAge = ageFit(sentence.text, age);
      // A sentence for the question's age names its people ('at ages 2 to 5' of a 4-year-old, as much as 'in children').
      const samePeople = forTheAge > 0 ? 1 : peopleMatch(sentence.text, people);
      const score =
        2 * about + 1.2 * says + (about > 0 && says ? 0.8 : 0) + 0.6 * onFocus + 0.5 * coverage + 0.2 * share([...context], stems) + SAME_PEOPLE * samePeople + SAME_BAND * (forTheAge + weightFit(sentence.text, bodyWeight) + readingFit(sentence.text, fittedReading)) - narrower - 0.001 * sentence.position;
      return { sentence, stems, about, ownAbout, names: share(mentioned, stems), says, coverage, score, does };
    })
    .sort((a, b) => b.score - a.score);
  const naming = candidates.filter((candidate) => candidate.about >= NAMES_THE_QUESTION || candidate.names >= NAMES_HALF_THE_QUESTION);
  const doesIt = candidates.find(({ does, about }) => does && (specific.length === 0 || about >= NAMES_THE_QUESTION));
  const lead = doesIt ?? naming.find((candidate) => candidate.says || !signal) ?? naming[0];
  if (!lead) return { unanswered: [] };
  const dosed = kind === 'dose' && !lead.says && ASKS_AN_AMOUNT.test(question) ? dosesOf(wordsFor(question, [...specific, ...referent]), quotable) : [];
  const unmentioned = dosed.filter(({ named }) => !named).map(({ medicine }) => medicine);
  if (unmentioned.length > 0) return { unanswered: unmentioned };
  const undosed = dosed.filter(({ named, amount }) => named && !amount).map(({ medicine }) => medicine);
  if (undosed.length > 0) return { unanswered: undosed, asked: 'dose' };
  const chosen = [lead];
  const diseasesAsked = new Set(stemsOf(diseasesIn(`${question} ${topic}`).join(' ')));
  const aboutAnother = (text: string) => {
    const named = stemsOf(diseasesIn(text).join(' '));
    return diseasesAsked.size > 0 && named.length > 0 && !named.some((stem) => diseasesAsked.has(stem));
  };
  for (const candidate of candidates) {
    if (chosen.length > MAX_SUPPORTING) break;
    if (candidate.ownAbout === 0 && !(candidate.says && candidate.sentence.sourceId === lead.sentence.sourceId)) continue;
    if (aboutAnother(candidate.sentence.text)) continue;
    if (chosen.some((picked) => similarity(picked.stems, candidate.stems) >= NEAR_DUPLICATE)) continue;
    chosen.push(candidate);
  }
  return {
    sentences: chosen.map(({ sentence, coverage }) => ({ text: sentence.text.replace(/\s+/g, ' ').trim(), sourceId: sentence.sourceId, coverage, listItem: sentence.listItem })),
  };
}

interface Quotable {
  sentence: SourceSentence;
  stems: Set<string>;
  /** The stems of its source's section heading ('Bag-and-mask ventilation' of 'Give about 40 breaths per minute…'). */
  heading: Set<string>;
  /** It opens with the act a "how do I…" question asks about, or a kind of it. */
  does?: boolean;
}

const openingStem = (text: string) => stemsOf(text.trim().split(/\s+/)[0] ?? '')[0];

/**
 * Marks the sentences that do the act a "how do I…" question asks about: those that open with its verb,
 * or, when none does, with a kind of it ('Wash…' for 'how should a bite be cleaned?'), which then also
 * say the verb.
 */
function withActs(quotable: Quotable[], verb: string | null): Quotable[] {
  if (!verb) return quotable;
  const [asked] = stemsOf(verb);
  if (quotable.some(({ sentence }) => openingStem(sentence.text) === asked)) return quotable.map((entry) => ({ ...entry, does: openingStem(entry.sentence.text) === asked }));
  const kinds = new Set(kindsOfAct(verb).flatMap(stemsOf));
  return quotable.map((entry) => {
    const does = kinds.has(openingStem(entry.sentence.text));
    return does ? { ...entry, stems: new Set([...entry.stems, asked]), does } : entry;
  });
}

/** The whole sentences of the sources an answer may quote, each once, with their stems (a shorthand a sentence spells out counts as said, and an abbreviation the sources define says its long form). */
function quotableSentences(sources: Source[], admissible: (sentence: SourceSentence) => boolean, readings: { shorthand: string[]; long: string[] }[]): Quotable[] {
  const seen = new Set<string>();
  const headings = new Map(sources.map((source) => [source.id, new Set(stemsOf(source.section))]));
  const definitions = [...definitionsIn(sources.map((source) => source.text))].map(([abbreviation, long]) => ({ written: new RegExp(`\\b${abbreviation}\\b`), long: stemsOf(long) }));
  const withDefinitions = (text: string, stems: Set<string>) => {
    for (const { written, long } of definitions) if (written.test(text)) long.forEach((stem) => stems.add(stem));
    return stems;
  };
  return sources
    .flatMap(sentencesOf)
    .filter((sentence) => isWhole(sentence) && admissible(sentence))
    .filter((sentence) => {
      const key = sentence.text.toLowerCase().replace(/\W+/g, ' ').trim();
      return !seen.has(key) && Boolean(seen.add(key));
    })
    .map((sentence) => ({
      sentence,
      stems: withDefinitions(sentence.text, withShorthand(new Set(stemsOf(sentence.text)), readings)),
      heading: headings.get(sentence.sourceId) ?? new Set<string>(),
    }));
}

/** A sentence naming a medicine of a class the question asks about says that class too ('Give oral amoxicillin…' names an antibiotic), and a medicine of any class says 'drugs'. */
function withMedicinesOf(quotable: Quotable[], words: string[]): Quotable[] {
  const classWords = words.filter((word) => word.length > 3 && !isEverydayWord(word) && classesOfMedicine(word).length > 0);
  const anyMedicine = [...new Set(words.filter((word) => ANY_MEDICINE.test(word)).flatMap(stemsOf))];
  if (classWords.length === 0 && anyMedicine.length === 0) return quotable;
  const wanted = new Set(classWords.flatMap(stemsOf));
  return quotable.map((entry) => {
    const medicines = wordsOf(entry.sentence.text).filter((word) => word.length > 3 && !isEverydayWord(word));
    const classes = medicines.flatMap(classesOfMedicine).flatMap(stemsOf).filter((stem) => wanted.has(stem) && !entry.stems.has(stem));
    const named = anyMedicine.length > 0 && medicines.some(isAMedicine) ? anyMedicine : [];
    const said = [...classes, ...named];
    return said.length > 0 ? { ...entry, stems: new Set([...entry.stems, ...said]) } : entry;
  });
}

/** Words for any medicine: a sentence naming one (ibuprofen, aspirin) says them ('what drugs should I avoid?'). */
const ANY_MEDICINE = /^(?:drugs?|medicines?|medications?|tablets?|pills?)$/i;
/** Classes of what is used, not prescribed: alcohol and tobacco are 'drugs of abuse' to WordNet. */
const NOT_PRESCRIBED = /^(?:drug of abuse|street drug|hard drug|controlled substance)$/;
/** A medicine's classes: WordNet's, or for a name it does not know, what the name's stem says ('ondansetron' → antiemetic). */
const classesOfMedicine = (word: string) => {
  const known = medicineClasses(word);
  return known.length > 0 ? known : stemClasses(word);
};
const isOfAbuse = (word: string) => medicineClasses(word).some((name) => NOT_PRESCRIBED.test(name));
const isAMedicine = (word: string) => {
  const classes = medicineClasses(word);
  return classes.length > 0 && !classes.every((name) => NOT_PRESCRIBED.test(name));
};

/** A question asking how much of something, not how many days or times. */
const ASKS_AN_AMOUNT = /\b(?:dose|doses|dosage|dosing|how much|mg)\b/i;
/**
 * The medicines a dose question names, each with whether a quotable sentence names it and whether one
 * naming it, or a sentence that goes on from one, states an amount. Alcohol and other drugs of abuse are no
 * medicines here.
 */
function dosesOf(words: string[], quotable: Quotable[]): { medicine: string; named: boolean; amount: boolean }[] {
  const medicines = words.filter((word) => word.length > 3 && !isEverydayWord(word) && (namesADrug(word) || isAMedicine(word)) && !isOfAbuse(word));
  return medicines.map((medicine) => {
    const [stem] = stemsOf(medicine);
    const naming = quotable.filter(({ stems }) => stems.has(stem));
    const near = (entry: Quotable) => naming.some(({ sentence }) => sentence === entry.sentence || continues(sentence, entry.sentence));
    return { medicine, named: naming.length > 0, amount: quotable.some((entry) => near(entry) && ANSWER_SIGNALS.dose!.test(entry.sentence.text)) };
  });
}

/** Whether a sentence goes on from another: prose either side of it, or the next one taking it up ('The dose is 1 mg.'), not the next item of a list. */
function continues(sentence: SourceSentence, other: SourceSentence): boolean {
  if (sentence.sourceId !== other.sourceId || Math.abs(sentence.position - other.position) !== 1) return false;
  const [first, next] = sentence.position < other.position ? [sentence, other] : [other, sentence];
  return (!first.listItem && !next.listItem) || TAKES_UP.test(next.text);
}
const TAKES_UP = /^(?:the dose|its dose|the usual dose|dose|doses|it|this|repeat|then)\b/i;

const ACT_ON = /\b([a-z]+)\s+(?:it|this|them|these)\b/gi;

/** The verbs a step thread's question does to "it" ('how fast can I push it?'): the step's own act in the clinician's words, not what is asked about. */
function actOnTheStep(question: string): string[] {
  return [...writtenOut(question).matchAll(ACT_ON)].map(([, verb]) => verb.toLowerCase()).filter((verb) => !AUXILIARIES.has(verb) && lemmaOf(verb, 'verb') !== null).flatMap(stemsOf);
}

const AUXILIARIES = new Set(['is', 'are', 'was', 'were', 'be', 'been', 'do', 'does', 'did', 'can', 'could', 'should', 'would', 'will', 'may', 'might', 'must', 'has', 'have', 'had']);

/** What 'it' stands for in a step thread's question: what the step's instruction acts on ('Give paracetamol for fever…' → paracetamol). */
function referentOf(question: string, focus: string): string[] | null {
  const object = refersBack(question) ? stepObject(focus) : null;
  return object ? stemsOf(object).slice(0, 1) : null;
}

/** A sentence that names the question's people by what tells them apart ('if eGFR is below 45' of 'renal impairment') says the question's words for them. */
function withGroupsNamed(quotable: Quotable[], words: string[], people: ReadonlySet<string>): Quotable[] {
  const groups = [...people].filter((group) => SPECIAL_GROUPS[group]);
  return quotable.map((entry) => {
    const named = groups.filter((group) => SPECIAL_GROUPS[group]!.test(entry.sentence.text));
    const stems = words.filter((word) => named.some((group) => populations(word).has(group))).flatMap(stemsOf);
    return stems.length > 0 ? { ...entry, stems: new Set([...entry.stems, ...stems]) } : entry;
  });
}

/** The question's words for people the advice for everyone may not cover ('breastfeeding') whom no quotable sentence names. */
function unsaidWords(words: string[], people: ReadonlySet<string>, quotable: Quotable[]): string[] {
  const unsaid = [...people].filter((group) => group in SPECIAL_GROUPS && !quotable.some(({ sentence }) => namesGroup(sentence.text, group)));
  return unsaid.length === 0 ? [] : words.filter((word) => unsaid.some((group) => populations(word).has(group)));
}

/**
 * A sentence that says most of what a shorthand stands for says the shorthand too ('Place 2 ml of
 * blood … 20 minutes' of 20WBCT): half its words and at least two, or all of a shorter one ('folic acid'
 * does not say TXA, tranexamic acid).
 */
function withShorthand(stems: Set<string>, readings: { shorthand: string[]; long: string[] }[]): Set<string> {
  for (const { shorthand, long } of readings) {
    const said = long.filter((stem) => stems.has(stem)).length;
    if (said >= Math.max(Math.min(long.length, 2), Math.ceil(long.length / 2))) shorthand.forEach((stem) => stems.add(stem));
  }
  return stems;
}

/** The words of the question whose stems are among these, as the clinician wrote them. */
function wordsFor(question: string, stems: string[]): string[] {
  const wanted = new Set(stems);
  return wordsOf(question).filter((word) => stemsOf(word).some((stem) => wanted.has(stem)));
}

/** An answer that says plainly that the sources do not cover what was asked: a thing they never mention, or the dose of one they do. */
export function notInSources(words: string[], asked?: 'dose'): string {
  if (asked === 'dose' && words.length > 0) return `The protocol's sources do not say what dose of ${words.join(' and ')} to give, so they do not answer this question.`;
  return words.length > 0
    ? `The protocol's sources do not mention “${words.join(' ')}”, so they do not answer this question.`
    : "The protocol's sources do not answer this question.";
}

/**
 * The answer as the chat shows it: the answering sentence with its citation (the source's number unless
 * told otherwise), then each supporting sentence on its own line, list items as a list ("- …"). Whole sentences only.
 */
export function composeAnswer(sentences: AnswerSentence[], citation: (sourceId: number) => string = (sourceId) => `[${sourceId}]`): string {
  const cited = (sentence: AnswerSentence) => `${sentence.text} ${citation(sentence.sourceId)}`;
  const [lead, ...supporting] = sentences;
  return [cited(lead), ...supporting.map((sentence) => (sentence.listItem ? `- ${cited(sentence)}` : cited(sentence)))].join('\n');
}
