import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiQuery, ApiTags } from '@nestjs/swagger';
import { CurrentActor, OptionalAuth } from '@tiredash/auth';
import {
  GeoReverse,
  GeoRoute,
  GeoSearch,
  geoReverseQuerySchema,
  geoRouteQuerySchema,
  geoSearchQuerySchema,
  type Actor,
  type GeoRouteResponse,
  type GeoSuggestionsView,
} from '@tiredash/contracts';
import type { FastifyRequest } from 'fastify';
import { ApiRoute } from '../common/api-docs.decorators';
import { RpcService } from '../common/rpc.service';
import { parseOrThrow } from '../common/validation';

/** The caller for the per-user upstream budget: the user, else (anonymous pages) the client address. */
function clientKey(actor: Actor, req: FastifyRequest): string {
  return actor ? `user:${actor.userId}` : `ip:${req.ip}`;
}

/**
 * The geocoding and directions proxy served by dispatch (cached in Redis, one upstream call a second per caller,
 * 429 RATE_LIMITED beyond; a cache hit is free). Suggestions are `{display_name, lat, lon}`; `meta.fallback`
 * is true when no geocoder answered (empty list) or, for a route, when it is a straight line at the configured
 * average speed.
 */
@ApiTags('geo')
@Controller('api/geo')
@OptionalAuth()
export class GeoController {
  constructor(private readonly rpc: RpcService) {}

  @Get('search')
  @ApiQuery({ name: 'q', required: true, example: '500 Market St, San Francisco' })
  @ApiQuery({ name: 'limit', required: false, type: Number })
  @ApiQuery({
    name: 'autocomplete',
    required: false,
    type: Boolean,
    description: '1 while the user types: cache only (meta.autocomplete false) when the geocoder forbids autocomplete',
  })
  @ApiRoute({ summary: 'Address suggestions {data: [{display_name, lat, lon}], meta}', auth: false, errors: [400, 429] })
  search(@CurrentActor() actor: Actor, @Req() req: FastifyRequest, @Query() raw: Record<string, unknown>): Promise<GeoSuggestionsView> {
    const query = parseOrThrow(geoSearchQuerySchema, { q: raw.q, limit: raw.limit, autocomplete: raw.autocomplete }, 'Query');
    return this.rpc.send(GeoSearch, { clientKey: clientKey(actor, req), query });
  }

  @Get('reverse')
  @ApiQuery({ name: 'lat', required: true, type: Number })
  @ApiQuery({ name: 'lng', required: false, type: Number, description: 'or lon' })
  @ApiRoute({ summary: 'The address at a point: {data: [{display_name, lat, lon}] (at most one), meta}', auth: false, errors: [400, 429] })
  reverse(@CurrentActor() actor: Actor, @Req() req: FastifyRequest, @Query() raw: Record<string, unknown>): Promise<GeoSuggestionsView> {
    const query = parseOrThrow(geoReverseQuerySchema, { lat: raw.lat, lng: raw.lng, lon: raw.lon }, 'Query');
    return this.rpc.send(GeoReverse, { clientKey: clientKey(actor, req), query });
  }

  @Get('route')
  @ApiQuery({ name: 'from', required: true, example: '37.77,-122.42' })
  @ApiQuery({ name: 'to', required: true, example: '37.79,-122.40' })
  @ApiRoute({ summary: 'A driving route {data: {distanceMiles, durationSeconds, etaMinutes, geometry (GeoJSON), source, fallback}}', auth: false, errors: [400, 429] })
  async route(@CurrentActor() actor: Actor, @Req() req: FastifyRequest, @Query() raw: Record<string, unknown>): Promise<GeoRouteResponse> {
    const q = parseOrThrow(geoRouteQuerySchema, { from: raw.from, to: raw.to }, 'Query');
    return { data: await this.rpc.send(GeoRoute, { clientKey: clientKey(actor, req), from: q.from, to: q.to }) };
  }
}
