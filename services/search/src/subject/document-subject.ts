import { stem } from '@cairn/rules';
import type { DocumentSection } from '../chunks/chunker.js';
import { wordTokens } from '../ranking/understand/query-text.js';
import { wordSpecificity } from '../ranking/score/word-rarity.js';
import { vocabularyTermsIn } from '../ranking/understand/medical-vocabulary.js';

/** What a document is about: its disease (or main subject) and the topics it covers. */
export interface DocumentSubject {
  disease: string;
  topics: string[];
}

export interface SubjectInput {
  title: string;
  /** A disease its author gave it; none, or the title itself, means it is derived. */
  disease: string;
  /** Topics its author gave it, kept beside the derived ones. */
  topics: string[];
  sections: DocumentSection[];
}

/** A title's lead ("Asthma attack" of "Asthma attack (acute asthma exacerbation): emergency treatment") and its bracketed names. */
export function titlePhrases(title: string): { lead: string; bracketed: string[] } {
  const bracketed = [...title.matchAll(/\(([^()]+)\)/g)].map((match) => match[1].trim());
  const lead = title.replace(/\([^()]*\)/g, ' ').split(/:|\s[-–—]\s|;|,|\.\s/)[0].replace(/\s+/g, ' ').trim();
  return { lead, bracketed };
}

/** A derived term names a subject when it is specific: a drug, or a term with a word rarer than everyday English. */
const namesSubject = (term: string) => term.length >= 3 && wordTokens(term).some((word) => wordSpecificity(word) > 0.3);
const MAX_LEAD_WORDS = 6;
const MAX_TOPICS = 40;

function distinctByStems(phrases: string[]): string[] {
  const seen = new Set<string>();
  return phrases.filter((phrase) => {
    const key = wordTokens(phrase).map(stem).join(' ');
    if (!key || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * One derivation for every document, starter, ingested or uploaded: the disease is the title's lead
 * (when short enough to name a subject) unless the author gave one; the topics are the title's
 * bracketed names and the vocabulary terms its title and headings name (a drug its text merely
 * mentions is not what it is about), beside any topics the author gave.
 */
export function deriveSubject(input: SubjectInput): DocumentSubject {
  const { lead, bracketed } = titlePhrases(input.title);
  const leadNames = lead.length > 0 && wordTokens(lead).length <= MAX_LEAD_WORDS && lead !== input.title.trim() ? lead : '';
  const given = input.disease.trim() && input.disease.trim() !== input.title.trim() ? input.disease.trim() : '';
  const disease = given || leadNames || (wordTokens(input.title).length <= MAX_LEAD_WORDS ? input.title.trim() : '');
  const named = [input.title, ...new Set(input.sections.map((section) => section.heading))].flatMap(vocabularyTermsIn).map((term) => term.text);
  const derived = [...(leadNames && leadNames !== disease ? [leadNames] : []), ...bracketed, ...named.filter(namesSubject)];
  const topics = distinctByStems([...input.topics, ...derived]).filter((topic) => topic.toLowerCase() !== disease.toLowerCase());
  return { disease, topics: topics.slice(0, Math.max(MAX_TOPICS, input.topics.length)) };
}
