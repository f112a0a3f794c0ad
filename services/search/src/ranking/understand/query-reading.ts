import type { KeywordIndex } from '../../keyword/keyword-index.port.js';
import { isCommonEnglishWord } from '../../keyword/spelling/common-english.js';
import { vocabularyTermsIn } from './medical-vocabulary.js';
import { isPopulationWord } from './population.js';
import { enhanceQuery, isClinicalTerm, vocabularyAlternatives, type WeightedSynonym } from './query-enhancer.js';
import { applyCorrections, queryTerms, writtenAsNames } from './query-text.js';

/** A query as a search asks for it: the words typed, whose chunks it may see, and how it is read. */
export interface TypedQuery {
  query: string;
  owners: string[];
  enhance: boolean;
  correctTypos?: boolean;
}

/** A query as it is searched: what was searched, the text the embedder reads and the text BM25 reads. */
export interface QueryReading {
  searched: string;
  text: string;
  keywordText: string;
  /** What the public vocabularies say the query's terms also go by, below the query's own words. */
  alternatives: WeightedSynonym[];
}

/**
 * The query as searched (typos corrected from the words the caller may see, abbreviations left as
 * written), the text the embedder reads (with clinical expansions), and the text BM25 reads: the words
 * as typed, whose corrections the keyword index matches itself, below exact matches.
 */
export async function readQuery(request: TypedQuery, keywords: Pick<KeywordIndex, 'corrections'>): Promise<QueryReading> {
  const { abbreviations, names } = writtenAsNames(request.query);
  const typed = request.correctTypos ? queryTerms(request.query).filter((word) => !isClinicalTerm(word) && !isPopulationWord(word) && !abbreviations.has(word)) : [];
  const found = typed.length > 0 ? await keywords.corrections(typed, request.owners) : {};
  // A name is corrected only to a term of the medical vocabulary or an everyday word ('Denge' to dengue, 'Treatmnet' to treatment, not 'Assam' to assay).
  const corrections = Object.fromEntries(
    Object.entries(found).filter(([word, correction]) => !names.has(word) || vocabularyTermsIn(correction).length > 0 || isCommonEnglishWord(correction)),
  );
  const searched = applyCorrections(request.query, corrections);
  const added = request.enhance ? enhanceQuery(searched).added : [];
  const alternatives = request.enhance ? vocabularyAlternatives(searched) : [];
  return { searched, text: [searched, ...added].join(' '), keywordText: [request.query, ...added].join(' '), alternatives };
}
