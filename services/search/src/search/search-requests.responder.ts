import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { RetrievalMode, searchHitFromPassage, Topics } from '@cairn/contracts';
import { createLogger, EVENT_BUS, respondTo, type EventBus } from '@cairn/platform';
import { QUERY_MAX_LENGTH } from '@cairn/rules';
import { queryExpansions } from '../ranking/understand/query-enhancer.js';
import { ownersOf } from './scope.js';
import { passageOfHit } from './search-hit.js';
import { SEARCH_DEFAULT_SIZE, SEARCH_MAX_SIZE } from './search.schema.js';
import { SearchService, type RetrievalMode as Mode } from './search.service.js';

const MODES: Record<RetrievalMode, Mode> = {
  [RetrievalMode.UNSPECIFIED]: 'hybrid',
  [RetrievalMode.KEYWORD]: 'keyword',
  [RetrievalMode.VECTOR]: 'vector',
  [RetrievalMode.HYBRID]: 'hybrid',
};

/** Answers other services' `search.requested` events with `search.answered`, in the asking user's scope. */
@Injectable()
export class SearchRequestsResponder implements OnModuleInit {
  private readonly logger = createLogger('search-requests');

  constructor(
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    private readonly search: SearchService,
  ) {}

  async onModuleInit(): Promise<void> {
    await respondTo(this.bus, Topics.searchRequested, Topics.searchAnswered, 'search', async ({ payload }) => {
      const owners = ownersOf(payload);
      if (!payload.query.trim() || owners.length === 0) return { hits: [], total: 0 };
      try {
        const result = await this.search.search({
          query: payload.query.slice(0, QUERY_MAX_LENGTH),
          size: Math.min(Math.max(payload.size || SEARCH_DEFAULT_SIZE, 1), SEARCH_MAX_SIZE),
          owners,
          mode: MODES[payload.mode],
          enhance: payload.enhance,
          correctTypos: payload.enhance,
        });
        const correctedQuery = result.corrected_query ?? '';
        return {
          correctedQuery,
          expansions: payload.enhance ? queryExpansions(correctedQuery || payload.query) : [],
          total: result.total,
          hits: result.hits.map((hit) => searchHitFromPassage(passageOfHit(hit), { id: hit.id, score: hit.fusion_score, owner: hit.source.owner })),
        };
      } catch (error) {
        this.logger.error({ err: error }, 'search request failed');
        return { hits: [], total: 0, error: 'search failed' };
      }
    });
  }
}
