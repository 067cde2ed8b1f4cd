import { Body, Controller, Get, Inject, Param, Post, Put, Query } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import { ApiQuery, ApiTags } from '@nestjs/swagger';
import { CurrentActor } from '@tiredash/auth';
import {
  AcceptBid,
  CancelServiceRequest,
  ConfirmCompletion,
  CreateServiceRequest,
  GetServiceRequest,
  ListServiceRequests,
  MarkArrived,
  paginationSchema,
  serviceRequestCreateBodySchema,
  serviceRequestFiltersSchema,
  serviceRequestSortSchema,
  serviceRequestUpdateBodySchema,
  type Actor,
  type Paged,
  type ServiceRequestView,
} from '@tiredash/contracts';
import { abuseLimit } from '../common/abuse-limits';
import { ApiRoute } from '../common/api-docs.decorators';
import { GATEWAY_CONFIG } from '../common/gateway-config.token';
import type { GatewayConfig } from '../config';
import { parseBracketQuery } from '../common/bracket-query';
import { parseId } from '../common/ids';
import { RpcService } from '../common/rpc.service';
import { UploadAccess } from '../content/upload-access.service';
import { parseOrThrow } from '../common/validation';
import { interpretRequestUpdate } from './request-update';

/** The confirmation waits for the payment capture (requests' CAPTURE_TIMEOUT_MS is 20 s by default). */
const CONFIRM_TIMEOUT_MS = 25_000;

@ApiTags('service-requests')
@Controller('api/service-requests')
export class ServiceRequestsController {
  constructor(
    private readonly rpc: RpcService,
    @Inject(GATEWAY_CONFIG) private readonly cfg: GatewayConfig,
    private readonly uploads: UploadAccess,
  ) {}

  @Post()
  @RouteConfig(abuseLimit('requestCreate', 'account'))
  @ApiRoute({
    summary: 'Create a service request (customer, for itself); it opens for bids and is offered to nearby providers',
    body: serviceRequestCreateBodySchema,
    errors: [400, 401, 403],
  })
  async create(@CurrentActor() actor: Actor, @Body() raw: unknown): Promise<{ data: ServiceRequestView }> {
    const body = parseOrThrow(serviceRequestCreateBodySchema, raw);
    // Photos must be the caller's own uploads (checked with content before anything is stored).
    await this.uploads.requireOwned(actor, (body.data.photos ?? []).map((id, i) => ({ path: `data.photos.${i}`, id })));
    return { data: await this.uploads.withPhotoUrl(actor, await this.rpc.send(CreateServiceRequest, { actor, body })) };
  }

  @Get()
  @ApiQuery({ name: 'populate', required: false, description: 'Accepted for compatibility; customer, location, bids, accepted_bid.provider are always included' })
  @ApiQuery({ name: 'filters[provider][documentId][$eq]', required: false })
  @ApiQuery({ name: 'filters[customer][documentId][$eq]', required: false })
  @ApiQuery({ name: 'filters[tireStatus][$eq]', required: false })
  @ApiQuery({ name: 'filters[createdAt][$gte]', required: false, description: 'From this date (2026-11-24) or instant (ISO with offset)' })
  @ApiQuery({ name: 'filters[createdAt][$lte]', required: false, description: 'Up to this date (its whole day) or instant' })
  @ApiQuery({ name: 'sort', required: false, example: 'createdAt:desc' })
  @ApiQuery({ name: 'pagination[page]', required: false, type: Number })
  @ApiQuery({ name: 'pagination[pageSize]', required: false, type: Number })
  @ApiRoute({
    summary: "The caller's requests: a customer's own; an approved provider's open offers and jobs; all for admins",
    errors: [400, 401, 403],
  })
  async list(@CurrentActor() actor: Actor, @Query() query: Record<string, unknown>): Promise<Paged<ServiceRequestView>> {
    const q = parseBracketQuery(query);
    const filters = parseOrThrow(serviceRequestFiltersSchema, q.filters, 'Query parameter filters');
    const sort = parseOrThrow(serviceRequestSortSchema, typeof q.sort === 'string' ? q.sort : undefined, 'Query parameter sort');
    const pagination = parseOrThrow(paginationSchema, q.pagination, 'Query parameter pagination');
    const page = await this.rpc.send(ListServiceRequests, { actor, filters, sort, pagination });
    return { ...page, data: await this.uploads.withPhotoUrls(actor, page.data) };
  }

  @Get(':id')
  @ApiRoute({ summary: 'A service request with customer, location, bids, accepted_bid (with provider) and photos', errors: [401, 403, 404] })
  async get(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<{ data: ServiceRequestView }> {
    return { data: await this.uploads.withPhotoUrl(actor, await this.rpc.send(GetServiceRequest, { actor, requestId: parseId(id) })) };
  }

  @Put(':id')
  @ApiRoute({
    summary:
      "Accept a bid (tireStatus 'Accepted' + accepted_bid, exactly once), cancel ('Cancelled'/'Canceled': the customer, or the accepted provider), " +
      "mark arrival ('In Progress': the job's provider) or confirm completion ('Service Completed': the customer; card jobs are captured first, exactly once)",
    body: serviceRequestUpdateBodySchema,
    errors: [400, 401, 403, 404, 409],
  })
  async update(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() raw: unknown): Promise<{ data: ServiceRequestView }> {
    const cmd = interpretRequestUpdate(parseId(id), raw);
    return { data: await this.uploads.withPhotoUrl(actor, await this.command(actor, cmd)) };
  }

  private command(actor: Actor, cmd: ReturnType<typeof interpretRequestUpdate>): Promise<ServiceRequestView> {
    switch (cmd.kind) {
      case 'accept':
        return this.rpc.send(AcceptBid, { actor, ...cmd.payload });
      case 'cancel':
        return this.rpc.send(CancelServiceRequest, { actor, ...cmd.payload });
      case 'arrive':
        return this.rpc.send(MarkArrived, { actor, ...cmd.payload });
      case 'confirm':
        // The capture (Stripe) runs inside: allow it more than a plain command.
        return this.rpc.send(ConfirmCompletion, { actor, ...cmd.payload }, Math.max(this.cfg.rpcTimeoutMs, CONFIRM_TIMEOUT_MS));
    }
  }
}
