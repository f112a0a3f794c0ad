import { Body, Controller, HttpCode, Post, Query } from '@nestjs/common';
import { badRequest, CurrentUser, ZodPipe, type AuthenticatedUser } from '@cairn/platform';
import { QUERY_MAX_LENGTH, QueryMessages } from '@cairn/rules';
import { ownersFor } from './scope.js';
import { searchBodySchema, searchQuerySchema, type SearchBody, type SearchQueryParams } from './search.schema.js';
import { SearchService } from './search.service.js';

@Controller('protocols')
export class SearchController {
  constructor(private readonly searchService: SearchService) {}

  @Post('search')
  @HttpCode(200)
  search(
    @CurrentUser() user: AuthenticatedUser,
    @Query(new ZodPipe(searchQuerySchema)) params: SearchQueryParams,
    @Body(new ZodPipe(searchBodySchema)) body: SearchBody,
  ) {
    const query = body.query.trim();
    if (!query) throw badRequest('empty', QueryMessages.empty, 'query');
    if (query.length > QUERY_MAX_LENGTH) throw badRequest('invalid_query', QueryMessages.tooLong, 'query');
    return this.searchService.search({
      query,
      size: body.size,
      owners: ownersFor(params.search_mode, user),
      mode: params.use_hybrid ? 'hybrid' : 'keyword',
      enhance: params.enhance_query,
      correctTypos: params.enhance_query,
    });
  }
}
