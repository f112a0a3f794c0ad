import { FOLLOW_UP_KEYWORDS, followUpKeywordGroups } from './follow-ups.js';
import { tokenize } from './text/tokenize.js';

/** docs/product-spec.md §4 "Follow-up detection rules" and §9: the context is the last protocol within this many messages. */
export const FOLLOW_UP_LOOK_BACK = 10;
/** A follow-up keyword makes a follow-up only in a query shorter than this. */
export const FOLLOW_UP_KEYWORD_QUERY_CHARACTERS = 100;
/** "Short" in the spec's short-query rule (the spec gives no number): under this many characters. */
export const SHORT_QUERY_CHARACTERS = 50;

export interface ChatTurn {
  type: 'user' | 'assistant';
  /** The title of the protocol an assistant message showed, if any. */
  protocolTitle?: string | null;
}

export type FollowUpRule = 'no-protocol' | 'forced' | 'low-overlap' | 'keyword' | 'keyword-overlap' | 'short-overlap' | 'default';

export interface FollowUpDecision {
  isFollowUp: boolean;
  confidence: number;
  rule: FollowUpRule;
  /** The protocol the query was compared with. */
  protocolTitle: string | null;
  /** Share of the query's topic words found in the protocol title (1 when it names no topic of its own). */
  overlap: number;
}

const ALL_KEYWORDS = new RegExp(Object.values(FOLLOW_UP_KEYWORDS).map((pattern) => pattern.source).join('|'), 'gi');
/** Words that ask about a protocol without naming a topic: actions, people and fillers. */
const GENERIC = new Set(tokenize('give take use need start stop continue manage treat patient person people child children kid adult infant baby elderly woman man also else more other next tell instead'));

/** A query's topic words: its content words (stemmed) other than follow-up keywords and generic words. */
export const topicWords = (text: string) => new Set(tokenize(text.replace(ALL_KEYWORDS, ' ')).filter((word) => !GENERIC.has(word)));

/**
 * The question a message asks once the conversation is read: a message that names no topic of its
 * own ("and in children?", "what dose?") continues the user's previous question.
 */
export function questionInContext(message: string, history: readonly { role: string; content: string }[]): string {
  if (topicWords(message).size > 0) return message;
  const previous = [...history].reverse().find((turn) => turn.role === 'user' && turn.content.trim() && turn.content.trim() !== message.trim());
  return previous ? `${previous.content.trim()} ${message}` : message;
}

/** The title of the last assistant protocol within the last ten messages. */
export function followUpContext(messages: readonly ChatTurn[]): string | null {
  const recent = messages.slice(-FOLLOW_UP_LOOK_BACK);
  for (let index = recent.length - 1; index >= 0; index--) {
    const title = recent[index].type === 'assistant' ? recent[index].protocolTitle?.trim() : '';
    if (title) return title;
  }
  return null;
}

/**
 * Whether a query continues the chat's protocol or starts a new topic (docs/product-spec.md §4), with the
 * confidence of the rule that decided. `forced` is the follow-up marker.
 */
export function detectFollowUp(query: string, messages: readonly ChatTurn[], forced = false): FollowUpDecision {
  const protocolTitle = followUpContext(messages);
  const decide = (isFollowUp: boolean, confidence: number, rule: FollowUpRule, overlap = 0): FollowUpDecision => ({ isFollowUp, confidence, rule, protocolTitle, overlap });
  if (forced) return decide(true, 1, 'forced');
  if (!protocolTitle) return decide(false, 1, 'no-protocol');
  const asked = topicWords(query);
  const title = topicWords(protocolTitle);
  // A query that names no topic of its own ("what dose?", "and in children?") is about the protocol shown.
  const overlap = asked.size === 0 ? 1 : [...asked].filter((word) => title.has(word)).length / asked.size;
  const hasKeyword = followUpKeywordGroups(query).length > 0;
  const length = query.trim().length;
  if (overlap < 0.3) return decide(false, 0.95, 'low-overlap', overlap);
  if (hasKeyword && length < FOLLOW_UP_KEYWORD_QUERY_CHARACTERS) return decide(true, 0.9, 'keyword', overlap);
  if (hasKeyword && overlap > 0.3) return decide(true, 0.85, 'keyword-overlap', overlap);
  if (length < SHORT_QUERY_CHARACTERS && overlap > 0.5) return decide(true, 0.75, 'short-overlap', overlap);
  return decide(false, 0.7, 'default', overlap);
}
