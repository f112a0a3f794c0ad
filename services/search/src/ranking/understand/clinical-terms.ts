import overlay from './clinical-terms.json' with { type: 'json' };

/** A word or phrase of the overlay, what protocols call it, and why no public vocabulary covers it. */
export interface OverlayEntry {
  means: string[];
  why: string;
  /** Kept whatever the tune questions say, for the reason its `why` gives (`tune:terms` never drops it). */
  pinned?: boolean;
}

/** The curated overlay as written: each entry with its reason. */
export interface ClinicalTermsOverlay {
  note: string;
  abbreviations: Record<string, OverlayEntry>;
  lay_terms: Record<string, OverlayEntry>;
  synonyms: { terms: string[]; why: string }[];
}

/** The overlay as query understanding reads it. */
export interface ClinicalTerms {
  abbreviations: Record<string, string[]>;
  synonyms: string[][];
  lay_terms: Record<string, OverlayEntry>;
}

export const readOverlay = (written: ClinicalTermsOverlay): ClinicalTerms => ({
  abbreviations: Object.fromEntries(Object.entries(written.abbreviations).map(([abbreviation, { means }]) => [abbreviation, means])),
  synonyms: written.synonyms.map((group) => group.terms),
  lay_terms: written.lay_terms,
});

export const shippedOverlay = overlay as ClinicalTermsOverlay;

let current = readOverlay(shippedOverlay);
let version = 0;

/** The terms query understanding reads now. */
export const clinicalTerms = (): ClinicalTerms => current;

/** Reads these terms from now on (the pruning command tries the overlay without an entry); what is derived from them is rebuilt. */
export function useClinicalTerms(terms: ClinicalTerms): void {
  current = terms;
  version++;
}

/** A value derived from the terms, built again only when they change. */
export function derivedFromTerms<T>(build: (terms: ClinicalTerms) => T): () => T {
  let built: { version: number; value: T } | null = null;
  return () => {
    if (built?.version !== version) built = { version, value: build(current) };
    return built.value;
  };
}
