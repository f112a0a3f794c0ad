import { Module } from '@nestjs/common';
import { ProtocolEventsConsumer } from './indexing/protocol-events.consumer.js';
import { StarterCorpusIndexer } from './indexing/starter-corpus.indexer.js';
import { VectorBackfill } from './indexing/vector-backfill.js';
import { RelevanceScorer } from './ranking/score/relevance.js';
import { SearchIndexModule } from './search-index.module.js';
import { SearchController } from './search/search.controller.js';
import { SearchRequestsResponder } from './search/search-requests.responder.js';
import { SearchService } from './search/search.service.js';

@Module({
  imports: [SearchIndexModule],
  controllers: [SearchController],
  providers: [RelevanceScorer, SearchService, StarterCorpusIndexer, VectorBackfill, ProtocolEventsConsumer, SearchRequestsResponder],
})
export class SearchModule {}
