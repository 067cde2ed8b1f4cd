import { Body, Controller, Get, Param, Post, Put, Query } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import { ApiQuery, ApiTags } from '@nestjs/swagger';
import { CurrentActor } from '@tiredash/auth';
import {
  AcceptBid,
  DomainError,
  GetBid,
  ListBids,
  PlaceBid,
  bidCreateBodySchema,
  bidFiltersSchema,
  bidUpdateBodySchema,
  paginationSchema,
  type Actor,
  type BidView,
  type Paged,
} from '@tiredash/contracts';
import { abuseLimit } from '../common/abuse-limits';
import { admission } from '../common/admission';
import { ApiRoute } from '../common/api-docs.decorators';
import { parseBracketQuery } from '../common/bracket-query';
import { parseId } from '../common/ids';
import { RpcService } from '../common/rpc.service';
import { parseOrThrow } from '../common/validation';

@ApiTags('bids')
@Controller('api/bids')
export class BidsController {
  constructor(private readonly rpc: RpcService) {}

  @Post()
  @RouteConfig({ ...abuseLimit('bid', 'account'), ...admission('bid') })
  @ApiRoute({
    summary: 'Bid on an offered Bids Open request (approved providers); a second bid replaces the first',
    body: bidCreateBodySchema,
    errors: [400, 401, 403, 404, 409],
  })
  async create(@CurrentActor() actor: Actor, @Body() raw: unknown): Promise<{ data: BidView }> {
    const body = parseOrThrow(bidCreateBodySchema, raw);
    return { data: await this.rpc.send(PlaceBid, { actor, body }) };
  }

  @Get()
  @ApiQuery({ name: 'filters[requestId][$eq]', required: false })
  @ApiQuery({ name: 'filters[provider][documentId][$eq]', required: false })
  @ApiQuery({ name: 'filters[bidStatus][$eq]', required: false })
  @ApiQuery({ name: 'pagination[page]', required: false, type: Number })
  @ApiQuery({ name: 'pagination[pageSize]', required: false, type: Number })
  @ApiRoute({ summary: "Bids: all of a request for its customer; a provider's own only (bids are sealed)", errors: [400, 401, 403, 404] })
  list(@CurrentActor() actor: Actor, @Query() query: Record<string, unknown>): Promise<Paged<BidView>> {
    const q = parseBracketQuery(query);
    const filters = parseOrThrow(bidFiltersSchema, q.filters, 'Query parameter filters');
    const pagination = parseOrThrow(paginationSchema, q.pagination, 'Query parameter pagination');
    return this.rpc.send(ListBids, { actor, filters, pagination });
  }

  @Get(':id')
  @ApiRoute({ summary: 'A bid (its provider, or the customer of its request)', errors: [401, 403, 404] })
  async get(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<{ data: BidView }> {
    return { data: await this.rpc.send(GetBid, { actor, bidId: parseId(id) }) };
  }

  @Put(':id')
  @ApiRoute({
    summary: "Accept this bid ({bidStatus:'accepted'}; idempotent with PUT /service-requests/{id})",
    body: bidUpdateBodySchema,
    errors: [400, 401, 403, 404, 409],
  })
  async update(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() raw: unknown): Promise<{ data: BidView }> {
    const bidId = parseId(id);
    refuseForeignBidFields(raw);
    parseOrThrow(bidUpdateBodySchema, raw);
    const request = await this.rpc.send(AcceptBid, { actor, bidId, mode: 'idempotent' });
    if (!request.accepted_bid) throw new DomainError('INTERNAL', `Accepted request ${request.id} without its accepted bid`);
    return { data: request.accepted_bid };
  }
}

/** Only `bidStatus` may be sent on a bid update; anything else is refused (403), never silently dropped. */
function refuseForeignBidFields(raw: unknown): void {
  if (typeof raw !== 'object' || raw === null) return;
  const data = (raw as { data?: unknown }).data;
  if (typeof data !== 'object' || data === null) return;
  const foreign = Object.keys(data).filter((k) => k !== 'bidStatus');
  if (foreign.length > 0) {
    throw new DomainError(
      'FIELD_NOT_WRITABLE',
      `A bid's ${foreign.join(', ')} cannot be changed; place a new bid instead`,
      foreign.map((f) => ({ path: `data.${f}`, message: 'Not writable' })),
    );
  }
}
