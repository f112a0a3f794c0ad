import { RELEVANCE_LINE, type SearchScope } from '@cairn/frontend-shared';
import type { SearchResult } from './search.resource';

const topRelevance = (result: SearchResult) => Math.max(...result.hits.map((hit) => hit.score));

/** With My Protocols, a top relevance under the line means the user's protocols do not cover the query. */
export const USER_ONLY_RELEVANCE_THRESHOLD = RELEVANCE_LINE;

export type SearchDecision =
  | { kind: 'no-user-protocols' }
  | { kind: 'no-hospital-protocols' }
  | { kind: 'not-relevant'; topRelevance: number; scope: 'user' | 'hospital' }
  | { kind: 'generate' };

/**
 * docs/product-spec.md §4 search flow, steps 4–6: what follows a search in the given scope. The Hospital
 * scope (the library alone, docs/hospital-library.md) is held to the same line as My Protocols.
 */
export function decideAfterSearch(result: SearchResult, scope: SearchScope): SearchDecision {
  if (scope !== 'user' && scope !== 'hospital') return { kind: 'generate' };
  if (result.hits.length === 0) return { kind: scope === 'user' ? 'no-user-protocols' : 'no-hospital-protocols' };
  const top = topRelevance(result);
  return top < USER_ONLY_RELEVANCE_THRESHOLD ? { kind: 'not-relevant', topRelevance: top, scope } : { kind: 'generate' };
}

export const NO_USER_PROTOCOLS_REPLY = {
  title: 'No protocols in your index yet',
  content: [
    'My Protocols searches only the documents you have uploaded, and your protocol index is empty.',
    '- Upload your medical documents (PDF or ZIP) to build your protocol index.',
    '- Or switch to All Protocols to search WHO, CDC, NHS and ICMR guidance now.',
  ].join('\n'),
};

export function notRelevantReply(query: string) {
  return {
    title: 'No relevant protocol in your index',
    content: [
      `Your uploaded protocols do not seem to cover "${query}".`,
      'Suggestions:',
      '- Rephrase the question with the condition or procedure name.',
      '- Upload documents that cover this topic to your protocol index.',
      '- Switch to All Protocols to include WHO, CDC, NHS and ICMR guidance.',
    ].join('\n'),
  };
}

export const NO_HOSPITAL_PROTOCOLS_REPLY = {
  title: 'No protocols in your hospital library',
  content: [
    'Hospital searches only the protocols your hospital has published, and none of them covers this yet.',
    '- Switch to All Protocols to include your own protocols and WHO, CDC, NHS and ICMR guidance.',
    '- Editors publish protocols from Your Protocol Index with Publish to Hospital.',
  ].join('\n'),
};

export function notInLibraryReply(query: string) {
  return {
    title: 'No relevant protocol in your hospital library',
    content: [
      `Your hospital's published protocols do not seem to cover "${query}".`,
      'Suggestions:',
      '- Rephrase the question with the condition or procedure name.',
      '- Switch to All Protocols to include your own protocols and WHO, CDC, NHS and ICMR guidance.',
    ].join('\n'),
  };
}

/**
 * In the scopes that always generate (All Protocols, Global Only), a notice when no hit reaches the
 * relevance line: the checklist is built from the best sources found, which may not cover the question.
 */
export function weakMatchNotice(result: SearchResult, scope: SearchScope): string | undefined {
  if (scope === 'user' || scope === 'hospital' || result.hits.length === 0) return undefined;
  const top = topRelevance(result);
  if (top >= RELEVANCE_LINE) return undefined;
  return `Weak match: the best source found scores ${(Math.floor(top * 10) / 10).toFixed(1)} of 10 for this question (${RELEVANCE_LINE} or more means it is about it). Check each step against its source before relying on it.`;
}
