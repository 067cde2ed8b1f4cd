import { Body, Controller, Get, Headers, HttpCode, Param, Post } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import { ApiTags } from '@nestjs/swagger';
import { CurrentActor } from '@tiredash/auth';
import {
  FixScheduledHold,
  GetScheduledHold,
  SaveCardForLater,
  fixScheduledHoldBodySchema,
  saveCardBodySchema,
  type Actor,
  type ScheduledHoldView,
} from '@tiredash/contracts';
import { z } from 'zod';
import { abuseLimit } from '../common/abuse-limits';
import { ApiRoute } from '../common/api-docs.decorators';
import { RpcService } from '../common/rpc.service';
import { parseOrThrow } from '../common/validation';

/** Holds that survive scheduling (issue 13 item 3): a card saved for a job booked days ahead, its off-session hold. */
@ApiTags('payments')
@Controller('pay')
export class ScheduledHoldsController {
  constructor(private readonly rpc: RpcService) {}

  @Post('api/payments/save-card')
  @RouteConfig(abuseLimit('payment', 'account'))
  @HttpCode(200)
  @ApiRoute({
    summary:
      'Save the card (SetupIntent, off-session use) instead of holding it, for a card request scheduled more than 6 days ahead: `amount` is the budget plus the card fee (cents); payments holds it off-session before the job',
    body: saveCardBodySchema,
    errors: [400, 401, 403, 409],
  })
  saveCard(@CurrentActor() actor: Actor, @Body() raw: unknown, @Headers('idempotency-key') key?: string): Promise<ScheduledHoldView> {
    const body = parseOrThrow(saveCardBodySchema, raw);
    const idempotencyKey = typeof key === 'string' && key.length > 0 && key.length <= 200 ? key : undefined;
    return this.rpc.send(SaveCardForLater, { actor, body, ...(idempotencyKey ? { idempotencyKey } : {}) }, 30_000);
  }

  @Get('api/payments/request/:requestId/scheduled-hold')
  @ApiRoute({
    summary: "The request's scheduled hold (saved, held, failed or ended; none when the card was held at posting): its customer, its accepted provider, admins",
    errors: [400, 401, 403],
  })
  get(@CurrentActor() actor: Actor, @Param('requestId') rawId: string): Promise<ScheduledHoldView> {
    const requestId = parseOrThrow(z.string().uuid(), rawId, 'Request id');
    return this.rpc.send(GetScheduledHold, { actor, requestId });
  }

  @Post('api/payments/request/:requestId/scheduled-hold/card')
  @RouteConfig(abuseLimit('payment', 'account'))
  @HttpCode(200)
  @ApiRoute({
    summary: "Fix a failed off-session authorisation of the caller's scheduled card job: the card is saved and the hold placed now",
    body: fixScheduledHoldBodySchema,
    errors: [400, 401, 403, 404, 409],
  })
  fix(@CurrentActor() actor: Actor, @Param('requestId') rawId: string, @Body() raw: unknown): Promise<ScheduledHoldView> {
    const requestId = parseOrThrow(z.string().uuid(), rawId, 'Request id');
    return this.rpc.send(FixScheduledHold, { actor, requestId, body: parseOrThrow(fixScheduledHoldBodySchema, raw) }, 30_000);
  }
}
