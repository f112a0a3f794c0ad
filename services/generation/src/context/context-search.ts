import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { passageFromSearchHit, RetrievalMode, Topics, type Passage, type SearchAnswered } from '@cairn/contracts';
import { createLogger, EVENT_BUS, EventRequester, type EventBus } from '@cairn/platform';
import type { QueryUnderstanding } from '../generators/on-topic-sources.js';
import { searchScope, type Searcher } from './search-scope.js';

const CONTEXT_SEARCH_TIMEOUT_MS = 5000;
/** Reading the question as search reads it is worth a short wait only: the client already sent the passages. */
const UNDERSTANDING_TIMEOUT_MS = 1000;

export interface ContextSearchResult {
  passages: Passage[];
  understanding: QueryUnderstanding;
}

/** Asks the search service for passages over the bus (search.requested → search.answered). */
@Injectable()
export class ContextSearch implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = createLogger('context-search');
  private readonly requester: EventRequester<typeof Topics.searchRequested.schema, typeof Topics.searchAnswered.schema>;

  constructor(@Inject(EVENT_BUS) bus: EventBus) {
    this.requester = new EventRequester(bus, Topics.searchRequested, Topics.searchAnswered);
  }

  async onModuleInit(): Promise<void> {
    await this.requester.start();
  }

  onApplicationShutdown(): void {
    this.requester.cancelAll();
  }

  /** Passages for a user's question in their scope (global, their own and their hospital library); empty when search is unavailable. */
  async search(query: string, user: Searcher, size = 4): Promise<Passage[]> {
    return (await this.find(query, user, size)).passages;
  }

  /** What search understands of a question (its correction and expansions), for passages the client found itself. */
  async understand(query: string, user: Searcher): Promise<QueryUnderstanding> {
    return (await this.find(query, user, 1, UNDERSTANDING_TIMEOUT_MS)).understanding;
  }

  /** The passages and what search understood of the question (nothing beyond the query when it is unavailable). */
  async find(query: string, user: Searcher, size = 4, timeoutMs = CONTEXT_SEARCH_TIMEOUT_MS): Promise<ContextSearchResult> {
    let answer: SearchAnswered;
    try {
      answer = await this.requester.request({ query, ...searchScope(user), size, mode: RetrievalMode.HYBRID, enhance: true }, { timeoutMs });
    } catch (error) {
      this.logger.warn({ err: error }, 'context search unavailable; answering from the protocol alone');
      return { passages: [], understanding: {} };
    }
    if (answer.error) this.logger.warn({ error: answer.error }, 'context search failed');
    const understanding = { correctedQuery: answer.correctedQuery, expansions: answer.expansions };
    const passages = answer.hits.map(passageFromSearchHit);
    return { passages, understanding };
  }
}
