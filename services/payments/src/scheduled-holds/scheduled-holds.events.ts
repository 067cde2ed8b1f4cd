import { Injectable, Logger } from '@nestjs/common';
import { OnEvent, type EventContext } from '@tiredash/messaging';
import { RequestCreated, toCents, type EventPayload } from '@tiredash/contracts';
import { ScheduledHoldsService } from './scheduled-holds.service';

/** A card request posted with a saved card (no hold) claims it, with the request's scheduled time. */
@Injectable()
export class ScheduledHoldsEvents {
  private readonly logger = new Logger(ScheduledHoldsEvents.name);

  constructor(private readonly holds: ScheduledHoldsService) {}

  @OnEvent(RequestCreated, { durable: 'payments-scheduled-hold-request-created' })
  async onRequestCreated(p: EventPayload<typeof RequestCreated>, ctx: EventContext): Promise<void> {
    if (p.request.paymentMethod !== 'card') return;
    const plan = await this.holds.linkToRequest(ctx.manager, p.customerUserId, p.requestId, toCents(p.request.budget), p.request.scheduledTime);
    if (plan) this.logger.log(`card request ${p.requestId}: saved card ${plan.setupIntentId}, held ahead of ${p.request.scheduledTime ?? 'now'}`);
  }
}
