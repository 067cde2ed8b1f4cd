import { Body, Controller, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import { ApiTags } from '@nestjs/swagger';
import { CurrentActor, Roles } from '@tiredash/auth';
import {
  GetJobLocationSummary,
  GetRequestPaymentsTimeline,
  GetRequestTimeline,
  ListJobMessages,
  ListRequestDisputes,
  RefundJob,
  ReportProblem,
  ResolveDispute,
  disputeCreateBodySchema,
  disputeResolveBodySchema,
  refundBodySchema,
  type Actor,
  type DisputeView,
  type JobLocationSummary,
  type JobMessageView,
  type RefundView,
  type RequestPaymentsTimeline,
  type RequestTimelinePart,
} from '@tiredash/contracts';
import { abuseLimit } from '../common/abuse-limits';
import { ApiRoute } from '../common/api-docs.decorators';
import { parseId } from '../common/ids';
import { RpcService } from '../common/rpc.service';
import { parseOrThrow } from '../common/validation';

/** The admin's timeline of a request: what each service knows of it, asked of each service. */
export interface AdminRequestTimeline extends RequestTimelinePart {
  location: JobLocationSummary;
  payments: RequestPaymentsTimeline;
  /** The job's chat, oldest first (its last 100 messages). */
  messages: JobMessageView[];
}

/**
 * Disputes and refunds (issue 13 item 7): a job's customer or accepted provider reports a problem (requests service);
 * an admin reads a request's timeline (requests, dispatch, payments, the job chat), refunds the card payment (payments)
 * and resolves the reports (requests).
 */
@ApiTags('disputes')
@Controller()
export class DisputesController {
  constructor(private readonly rpc: RpcService) {}

  @Post('api/service-requests/:id/reports')
  @RouteConfig(abuseLimit('chat', 'account'))
  @ApiRoute({
    summary:
      "Report a problem with a job (its customer or accepted provider, from Accepted onward, cancelled after acceptance included): a category and a description of 10-2000 characters; one open report per party per job (a repeat answers the open one)",
    body: disputeCreateBodySchema,
    errors: [400, 401, 403, 404, 409],
  })
  async report(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() raw: unknown): Promise<{ data: DisputeView }> {
    const requestId = parseId(id);
    const body = parseOrThrow(disputeCreateBodySchema, raw);
    return { data: await this.rpc.send(ReportProblem, { actor, requestId, body }) };
  }

  @Get('api/service-requests/:id/reports')
  @ApiRoute({ summary: "A job's reports: a party reads its own, an admin all of them", errors: [401, 403, 404] })
  async list(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<{ data: DisputeView[] }> {
    return { data: await this.rpc.send(ListRequestDisputes, { actor, requestId: parseId(id) }) };
  }

  @Put('api/reports/:id')
  @Roles('admin')
  @ApiRoute({ summary: 'Resolve a report with a note (admins)', body: disputeResolveBodySchema, errors: [400, 401, 403, 404, 409] })
  async resolve(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() raw: unknown): Promise<{ data: DisputeView }> {
    const disputeId = parseId(id);
    const body = parseOrThrow(disputeResolveBodySchema, raw);
    return { data: await this.rpc.send(ResolveDispute, { actor, disputeId, body }) };
  }

  @Get('api/admin/service-requests/:id/timeline')
  @Roles('admin')
  @ApiRoute({
    summary:
      "A request's timeline for an admin: status changes with times, bids, reports (requests), the location summary (dispatch), holds, capture, tip, refunds and wallet entries (payments), and the job chat",
    errors: [401, 403, 404],
  })
  async timeline(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<{ data: AdminRequestTimeline }> {
    const requestId = parseId(id);
    // Requests first: it refuses a non-admin and an unknown request before the other services are asked.
    const part = await this.rpc.send(GetRequestTimeline, { actor, requestId });
    const [location, payments, chat] = await Promise.all([
      this.rpc.send(GetJobLocationSummary, { actor, requestId }),
      this.rpc.send(GetRequestPaymentsTimeline, { actor, requestId }),
      part.providerId === null ? Promise.resolve(null) : this.rpc.send(ListJobMessages, { actor, requestId, pagination: { page: 1, pageSize: 100 } }),
    ]);
    return { data: { ...part, location, payments, messages: chat ? [...chat.data].reverse() : [] } };
  }

  @Post('api/admin/service-requests/:id/refunds')
  @Roles('admin')
  @HttpCode(200)
  @RouteConfig(abuseLimit('payment', 'account'))
  @ApiRoute({
    summary:
      "Refund a card job's captured payment, fully or partly (admins): `amount` in cents, at most what is left unrefunded; `refundId` a UUID chosen for this refund (a retry with it answers the same refund). The provider's wallet gives back its share once.",
    body: refundBodySchema,
    errors: [400, 401, 403, 404, 409],
  })
  async refund(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() raw: unknown): Promise<{ data: RefundView }> {
    const requestId = parseId(id);
    const body = parseOrThrow(refundBodySchema, raw);
    return { data: await this.rpc.send(RefundJob, { actor, requestId, body }, 30_000) };
  }
}
