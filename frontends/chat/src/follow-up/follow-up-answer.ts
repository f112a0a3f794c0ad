import { isEntry, text } from '@cairn/frontend-shared';

/** docs/product-spec.md §9: at most 5 follow-up suggestions. */
export const MAX_FOLLOW_UP_SUGGESTIONS = 5;

/** A citation of a follow-up answer, with its relevance (0–1). */
export interface MessageCitation {
  id: number;
  title: string;
  organization: string;
  url: string;
  excerpt: string;
  relevance: number;
  /** A source from a hospital library: the organisation's name. */
  hospital?: string;
}

export interface FollowUpAnswer {
  answer: string;
  followUpQuestions: string[];
  citations: MessageCitation[];
  uncertaintyNote: string | null;
  usedNewSources: boolean;
}

/** A follow-up answer as the server sends it (`POST /protocols/conversation`) or a saved conversation keeps it. */
export function readFollowUpAnswer(body: unknown): FollowUpAnswer {
  const entry = isEntry(body) ? body : {};
  const questions = Array.isArray(entry.follow_up_questions) ? entry.follow_up_questions : [];
  const citations = Array.isArray(entry.citations) ? entry.citations.filter(isEntry) : [];
  return {
    answer: text(entry.answer) ?? '',
    followUpQuestions: questions
      .map((question) => (isEntry(question) ? text(question.text) : text(question)))
      .filter((question): question is string => question !== null)
      .slice(0, MAX_FOLLOW_UP_SUGGESTIONS),
    citations: citations.map((citation, index): MessageCitation => ({
      id: typeof citation.id === 'number' ? citation.id : index + 1,
      title: text(citation.title) ?? `Source ${index + 1}`,
      organization: text(citation.organization) ?? '',
      url: text(citation.source_url) ?? text(citation.url) ?? '',
      excerpt: text(citation.excerpt) ?? '',
      relevance: typeof citation.relevance_score === 'number' ? citation.relevance_score : typeof citation.relevance === 'number' ? citation.relevance : 0,
      ...(typeof citation.hospital === 'string' && citation.hospital.trim() && { hospital: citation.hospital.trim() }),
    })),
    uncertaintyNote: text(entry.uncertainty_note),
    usedNewSources: entry.used_new_sources === true,
  };
}
