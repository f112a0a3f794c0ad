import terms from './clinical-terms.json' with { type: 'json' };
import { wordTokens } from './query-text.js';

interface ClinicalTerms {
  abbreviations: Record<string, string[]>;
  synonyms: string[][];
  /** Words patients and carers use, with the clinical words the guidelines use instead, and why. */
  lay: Record<string, { means: string[]; why: string }>;
}

export interface EnhancedQuery {
  text: string;
  added: string[];
}

const table = terms as ClinicalTerms;
const phrase = (text: string) => ` ${wordTokens(text).join(' ')} `;
const synonymPhrases = table.synonyms.map((group) => group.map((member) => ({ member, phrase: phrase(member) })));
const layPhrases = Object.entries(table.lay).map(([words, { means }]) => ({ phrase: phrase(words), means }));

/**
 * Expands clinical abbreviations (MI, CVA, DKA, FAST, …), lay words ('shivering' → rigors) and synonyms (heart attack ↔ myocardial
 * infarction, British ↔ American spellings) from the table in clinical-terms.json. The original query
 * stays first; expansions are appended once each.
 */
export function enhanceQuery(query: string): EnhancedQuery {
  const normalised = phrase(query);
  const added: string[] = [];
  const add = (expansion: string) => {
    if (!normalised.includes(phrase(expansion)) && !added.includes(expansion)) added.push(expansion);
  };
  for (const token of new Set(wordTokens(query))) {
    for (const expansion of table.abbreviations[token] ?? []) add(expansion);
  }
  for (const lay of layPhrases) if (normalised.includes(lay.phrase)) lay.means.forEach(add);
  const withAbbreviations = phrase(`${query} ${added.join(' ')}`);
  for (const group of synonymPhrases) {
    if (group.some((entry) => withAbbreviations.includes(entry.phrase))) group.forEach((entry) => add(entry.member));
  }
  return { text: added.length ? `${query} ${added.join(' ')}` : query, added };
}
