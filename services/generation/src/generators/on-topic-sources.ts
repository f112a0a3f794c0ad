import { RELEVANCE_LINE, tokenize } from '@cairn/rules';
import type { Source } from '../sources/source.js';

/** Query words that say what is wanted rather than what about; they do not decide topicality. */
export const TASK_STEMS = new Set(
  tokenize('management manage treatment treat therapy response symptoms signs guide guideline protocol emergency care test diagnosis prevention preventing home steps what how'),
);

/** What search made of the question, when generation asked it: the corrected query and the words it added. */
export interface QueryUnderstanding {
  correctedQuery?: string;
  expansions?: string[];
}

/** The stems of the question as search understood it (typed, corrected, expanded), without the task words when any are left. */
export function understoodStems(query: string, understanding: QueryUnderstanding = {}): string[] {
  const stems = [...new Set(tokenize([query, understanding.correctedQuery ?? '', ...(understanding.expansions ?? [])].join(' ')))];
  const topical = stems.filter((stem) => !TASK_STEMS.has(stem));
  return topical.length > 0 ? topical : stems;
}

/** The stems of what a source is about: its document title, section and subject. */
export const subjectStems = (source: Source) => new Set(tokenize(`${source.title} ${source.section} ${source.disease ?? ''}`));

/** The words naming a source's document: its subject (disease), else its title. */
const documentStems = (source: Source) => new Set(tokenize(source.disease || source.title));

/** Two passages about one subject: the words naming one document all name the other ('Diabetes', 'Type 2 Diabetes'). */
function sameSubject(a: Source, b: Source): boolean {
  const [one, other] = [documentStems(a), documentStems(b)].sort((x, y) => x.size - y.size);
  return one.size > 0 && [...one].every((stem) => other.has(stem));
}

/** Whether the passage search ranked first is about the question: judged so by search, or about something the question names (its title, section or subject). */
export function leadIsAboutTheQuestion(sources: Source[], stems: string[]): boolean {
  const lead = sources[0];
  if (!lead) return false;
  const subject = subjectStems(lead);
  return (lead.relevance ?? 0) >= RELEVANCE_LINE || stems.some((stem) => subject.has(stem));
}

/** Whether the passage search ranked first says at least a quarter of the question in its own text, two words or more ('labourer collapsed in the sun, confused, skin burning hot' of a heat stroke passage on confusion and collapse in the heat). */
export function leadTextSaysTheQuestion(sources: Source[], stems: string[]): boolean {
  const lead = sources[0];
  if (!lead) return false;
  const text = new Set(tokenize(lead.text));
  const said = stems.filter((stem) => text.has(stem)).length;
  return said >= 2 && said >= stems.length / 4;
}

/** Whether a source's subject names the question: one of its words, and a third of them with the source's own text. */
function namesTheQuestion(source: Source, stems: string[]): boolean {
  const subject = subjectStems(source);
  const text = new Set(tokenize(source.text));
  const covered = stems.filter((stem) => subject.has(stem) || text.has(stem)).length;
  return stems.some((stem) => subject.has(stem)) && covered >= stems.length / 3;
}

/** Words of a subject that say who or how rather than which disease ('Fever in children', 'Acute asthma'). */
const NOT_A_DISEASE = new Set(
  tokenize('child children adult adults infant infants baby babies newborn newborns under older people women men pregnancy acute severe mild emergency first aid disease infection syndrome disorder illness bacterial viral'),
);
const diseaseWords = (text: string) => tokenize(text).filter((stem) => !NOT_A_DISEASE.has(stem) && !TASK_STEMS.has(stem));
/** What has a subject: a source, or a passage search found. */
type WithDisease = Pick<Source, 'disease'>;
const diseaseStems = (source: WithDisease) => diseaseWords(source.disease ?? '');
/** The names a disease goes by: 'Bacterial meningitis (meningococcal disease)' is two. */
const diseaseNames = (source: WithDisease) => (source.disease ?? '').split(/[()]/).map(diseaseWords).filter((stems) => stems.length > 0);

/**
 * Whether a source is about a disease these stems do not name (false for a source of no known disease):
 * none of its disease's words named, or, when `wholly`, none of its names named whole ('Yellow fever' is
 * not named by a dengue fever protocol; 'Bacterial meningitis (meningococcal disease)' is by "meningococcal").
 */
export function aboutAnotherDisease(source: WithDisease, named: ReadonlySet<string>, wholly = false): boolean {
  const isNamed = (stem: string) => named.has(stem);
  if (wholly) {
    const names = diseaseNames(source);
    return names.length > 0 && !names.some((stems) => stems.every(isNamed));
  }
  const stems = diseaseStems(source);
  return stems.length > 0 && !stems.some(isNamed);
}

/**
 * The words of the question that name a source's disease, when it names the disease of the passage
 * search ranked first; null when it does not (a question about a symptom, or the lead has no disease).
 */
function namedDiseases(sources: Source[], stems: string[]): Set<string> | null {
  const asked = new Set(stems.filter((stem) => !TASK_STEMS.has(stem)));
  const lead = sources[0];
  if (!lead || !diseaseStems(lead).some((stem) => asked.has(stem))) return null;
  return new Set(sources.flatMap(diseaseStems).filter((stem) => asked.has(stem)));
}

/** Below this relevance, a passage of another document than a lead judged about the question is not about it, whatever words it shares ('Fever in children' at 0.2 for "typhoid fever treatment"). */
const DISMISSED = 3;

/**
 * The sources a checklist may draw on: those search judged about the question, those whose subject
 * names it, and the other passages of the document search ranked first when that document is about
 * it too (judged so, or its text mentions the question as understood). Sources arrive best first.
 * When the question names the lead's disease, a passage about another disease is never on topic:
 * measles post-exposure prophylaxis shares most words of "rabies post-exposure prophylaxis".
 */
export function onTopicSources(sources: Source[], stems: string[]): Set<number> {
  const named = namedDiseases(sources, stems);
  const judged = (source: Source) => (source.relevance ?? 0) >= RELEVANCE_LINE;
  const lead = sources[0];
  const dismissed = (source: Source) => lead !== undefined && judged(lead) && source.relevance !== undefined && source.relevance < DISMISSED && !sameSubject(source, lead);
  const onTopic = new Set(
    sources
      .filter((source) => !(named && aboutAnotherDisease(source, named)) && (judged(source) || (namesTheQuestion(source, stems) && !dismissed(source))))
      .map((source) => source.id),
  );
  if (!lead) return onTopic;
  const leadText = new Set(tokenize(lead.text));
  if (onTopic.has(lead.id) || stems.some((stem) => leadText.has(stem))) {
    for (const source of sources) if (sameSubject(source, lead)) onTopic.add(source.id);
  }
  return onTopic;
}
