import { QUERY_MAX_LENGTH, QueryMessages, tokenize, type ScreeningCategory } from '@cairn/rules';
import { isEverydayWord } from '../conversation/answer-words.js';

export interface ScreeningResult {
  category: ScreeningCategory;
  title: string;
  message: string;
}

export const EXAMPLE_QUERIES = ['dengue warning signs', 'CPR for cardiac arrest', 'malaria treatment in adults'];
const examples = EXAMPLE_QUERIES.map((query) => `"${query}"`).join(', ');
const echo = (query: string) => `"${query.length > 80 ? `${query.slice(0, 80)}…` : query}"`;

const GREETING = /^(hi|hello|hey|hiya|howdy|namaste|greetings|good (morning|afternoon|evening|day)|thanks|thank you|thx)( (there|cairn|team|doctor|all))?[\s!.,?]*$/i;
const SHORT_ABBREVIATIONS = new Set(['mi', 'tb', 'bp', 'pe', 'hb', 'ms', 'uti']);

const HARMFUL = [
  /\b(how (do i|to|can i)|ways? to|best way to)\b.{0,40}\b(kill|murder|hurt|harm|poison|injure|strangle|suffocate)\b.{0,30}\b(someone|somebody|a person|people|my|him|her|them|a child|a baby)\b/i,
  /\b(kill|poison|hurt|harm) (myself|my ?self)\b/i,
  /\b(suicide|self[- ]harm)\b.{0,30}\b(method|methods|how|ways|painless|quickly)\b/i,
  /\b(lethal|fatal) dose\b.{0,40}\b(to|for) (kill|die|end)\b/i,
  /\b(make|build|synthes[iz]e|cook)\b.{0,20}\b(bomb|explosive|nerve agent|ricin|sarin|meth|methamphetamine)\b/i,
  /\bwithout (getting caught|being detected|leaving a trace)\b/i,
  /\b(overdose|od) (someone|somebody|him|her|them)\b/i,
];

const OUT_OF_SCOPE = [
  /\b(my|our|his|her|their|a|the) (dog|puppy|cat|kitten|pet|horse|cow|goat|sheep|parrot)('s)? (has|is|ate|keeps|won'?t|vomit\w*|diarrho?ea|limping|sick|ill|dose|medicine|treatment)\b/i,
  /\b(veterinar\w*|vet|for (my|our) (dog|cat|pet|horse))\b/i,
  /\b(botox|fillers?|wrinkles?|anti[- ]?aging|cosmetic|liposuction|tattoo removal|hair (growth|loss)|skin whitening|lip filler)\b/i,
  /\b(bodybuilding|muscle gain|bulking|steroid cycle)\b/i,
  /\b(medical (billing|coding)|insurance (claim|premium|policy)|icd[- ]?10 code|cpt code|hospital (jobs?|salary)|nursing jobs?)\b/i,
];

const NON_MEDICAL = [
  /\b(weather|forecast|football|soccer|cricket|basketball|baseball|tennis|score|match|movie|film|song|lyrics|music|netflix|recipe|cook|cooking|bake|baking|bitcoin|crypto|stock|stocks|shares|capital of|president|election|politics|javascript|python|programming|code|coding|poem|poetry|joke|riddle|hotel|flight|holiday|vacation|car|cars|football|game|games|fashion)\b/i,
];

/** Words that make a query medical whatever else it says. */
const MEDICAL = /\b(pain|fever|dose|doses|dosage|drug|medicine|medication|treat\w*|therap\w*|symptom\w*|sign|signs|diagnos\w*|patient\w*|infection|infect\w*|disease\w*|syndrome|injur\w*|bleed\w*|blood|heart|lung|kidney|liver|brain|stroke|diabet\w*|asthma|cancer|tumou?r|vaccin\w*|pregnan\w*|child|children|infant|baby|newborn|emergency|hospital|clinic\w*|nurse|doctor|protocol|guideline|surgery|wound|burn|fracture|poison\w*|overdose|allerg\w*|virus|viral|bacteria\w*|antibiotic\w*|malaria|dengue|covid\w*|tuberculosis|sepsis|vomit\w*|diarrho?ea|cough|rash|headache|seizure\w*|cpr|resuscitat\w*|oxygen|breath\w*|pulse|pressure|glucose|insulin|dizz\w*|faint\w*|nause\w*|concuss\w*|unconscious|sprain\w*)\b/i;

const HURT = String.raw`(?:hit|hits|hurt|hurts|knock\w*|bump\w*|bang\w*|broke|broken|break|twist\w*|injur\w*|pulled|torn|tore|fell|fall|landed|sore|swollen|swell\w*|pain\w*|aching|cut)`;
const BODY_PART = String.raw`(?:head|face|neck|chest|ribs?|back|arm|elbow|wrist|hand|fingers?|thumb|hip|leg|knee|ankle|foot|feet|toes?|shoulder|hamstring|groin|eyes?|ears?|nose|teeth|tooth|mouth|jaw|stomach|belly|tummy|skin)`;
/** A body part hurt, in either order ('knocked on the head', 'twisted ankle', 'my knee is swollen'): a sports injury is medical. */
const INJURY = new RegExp(String.raw`\b${HURT}\b(?:\W+\w+){0,3}?\W+${BODY_PART}\b|\b${BODY_PART}\b(?:\W+\w+){0,3}?\W+${HURT}\b`, 'i');

/**
 * Screens a clinical query before searching or generating: the categories of docs/product-spec.md §5, with the
 * messages of docs/product-spec.md §8 (the query echoed). Returns null when the query may go ahead.
 */
export function screenQuery(raw: string | null | undefined): ScreeningResult | null {
  const query = (raw ?? '').replace(/\s+/g, ' ').trim();
  if (!query) {
    return { category: 'empty', title: 'Empty Query', message: QueryMessages.empty };
  }
  if (query.length > QUERY_MAX_LENGTH) {
    return { category: 'invalid_query', title: 'Query Too Long', message: QueryMessages.tooLong };
  }
  if (GREETING.test(query)) {
    return {
      category: 'greeting',
      title: 'Welcome to Cairn',
      message: `Hello! I'm Cairn, a clinical protocol assistant. Ask me a clinical question and I'll build a step-by-step checklist with cited sources. Try ${examples}.`,
    };
  }
  const letters = query.replace(/[^\p{L}\p{N}]/gu, '');
  if (letters.length < 3 && !SHORT_ABBREVIATIONS.has(letters.toLowerCase())) {
    return {
      category: 'too_short',
      title: 'Query Too Short',
      message: `${echo(query)} is too short to search. Please add more detail, for example ${examples}.`,
    };
  }
  if (HARMFUL.some((pattern) => pattern.test(query))) {
    return {
      category: 'harmful',
      title: 'Inappropriate Content Detected',
      message: `${echo(query)} can't be answered here. Cairn supports healthcare professionals with clinical protocols: please ask a healthcare question, for example ${examples}.`,
    };
  }
  if (OUT_OF_SCOPE.some((pattern) => pattern.test(query))) {
    return {
      category: 'out_of_scope_medical',
      title: "Out of Cairn's Scope",
      message: `${echo(query)} is outside Cairn's scope: it covers clinical protocols for human patients in acute and primary care. Try ${examples}.`,
    };
  }
  if (NON_MEDICAL.some((pattern) => pattern.test(query)) && !MEDICAL.test(query) && !INJURY.test(query)) {
    return {
      category: 'irrelevant',
      title: 'Non-Medical Query',
      message: `${echo(query)} doesn't look like a medical question. Cairn searches clinical protocols; try ${examples}.`,
    };
  }
  return null;
}

/** Words that make a query look non-medical but are clinical too: a NEWS2 score, a blood group match, a code (cardiac arrest), what the pharmacy has in stock, a blood film. */
const CLINICAL_TOO = /\b(?:score|scores|match|matches|code|stock|stocks|film|films)\b/gi;
const CLINICAL_WORD = new RegExp(`^(?:${CLINICAL_TOO.source})$`, 'i');
/** Those words where they are clinical: a blood film or a negative one, what is in stock. */
const CLINICAL_PHRASE = /\b(?:blood|thick|thin|malaria|negative|positive|first|second|repeat)\s+films?\b|\bfilms?\s+(?:negative|positive)\b|\bin stock\b/gi;

/**
 * Screens a follow-up about a protocol: a question that reads as non-medical only for a word that is
 * clinical too ("what counts as a high NEWS2 score?") goes ahead when it names something the protocol's
 * text names (NEWS2) beyond everyday words, or that word itself where it is clinical ("first film
 * negative" of a malaria protocol's blood films); "write a poem about NEWS2", "what film should I watch?" do not.
 */
export function screenFollowUp(message: string, protocolText: string): ScreeningResult | null {
  const refusal = screenQuery(message);
  if (refusal?.category !== 'irrelevant' || screenQuery(message.replace(CLINICAL_TOO, ' '))?.category === 'irrelevant') return refusal;
  const named = new Set(tokenize(protocolText));
  const clinical = new Set([...message.matchAll(CLINICAL_PHRASE)].flatMap(([phrase]) => phrase.toLowerCase().split(/\s+/)).filter((word) => CLINICAL_WORD.test(word)));
  const shared = message
    .split(/[^\p{L}\p{N}-]+/u)
    .filter((word) => word && (!isEverydayWord(word) || clinical.has(word.toLowerCase())) && tokenize(word).some((stem) => named.has(stem)));
  return shared.length > 0 ? null : refusal;
}
