import { Body, Controller, Get, Post, Query } from '@nestjs/common';
import { ApiQuery, ApiTags } from '@nestjs/swagger';
import { CurrentActor } from '@tiredash/auth';
import {
  CreateRating,
  ListRatings,
  paginationSchema,
  ratingCreateBodySchema,
  ratingFiltersSchema,
  type Actor,
  type RatingsPage,
  type RatingView,
} from '@tiredash/contracts';
import { ApiRoute } from '../common/api-docs.decorators';
import { parseBracketQuery } from '../common/bracket-query';
import { RpcService } from '../common/rpc.service';
import { parseOrThrow } from '../common/validation';

/** Ratings and reviews (requests service): one per completed request, by its customer. */
@ApiTags('ratings')
@Controller('api/ratings')
export class RatingsController {
  constructor(private readonly rpc: RpcService) {}

  @Post()
  @ApiRoute({
    summary: "Rate a completed request's provider (1-5 stars, review up to 500 characters); a second rating of the request answers 409",
    body: ratingCreateBodySchema,
    errors: [400, 401, 403, 404, 409],
  })
  async create(@CurrentActor() actor: Actor, @Body() raw: unknown): Promise<{ data: RatingView }> {
    const body = parseOrThrow(ratingCreateBodySchema, raw);
    return { data: await this.rpc.send(CreateRating, { actor, body }) };
  }

  @Get()
  @ApiQuery({ name: 'filters[providerId][$eq]', required: false, description: 'also filters[provider_id][$eq] or filters[providerId]' })
  @ApiQuery({ name: 'filters[requestId][$eq]', required: false })
  @ApiQuery({ name: 'pagination[page]', required: false, type: Number })
  @ApiQuery({ name: 'pagination[pageSize]', required: false, type: Number })
  @ApiRoute({ summary: "Ratings, newest first; by provider with the provider's averageRating and ratingCount in meta", errors: [400, 401] })
  list(@CurrentActor() actor: Actor, @Query() query: Record<string, unknown>): Promise<RatingsPage> {
    const q = parseBracketQuery(query);
    const filters = parseOrThrow(ratingFiltersSchema, q.filters, 'Query parameter filters');
    const pagination = parseOrThrow(paginationSchema, q.pagination, 'Query parameter pagination');
    return this.rpc.send(ListRatings, { actor, filters, pagination });
  }
}
