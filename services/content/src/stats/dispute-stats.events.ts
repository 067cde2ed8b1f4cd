import { Injectable } from '@nestjs/common';
import { OnEvent, type EventContext } from '@tiredash/messaging';
import { DisputeOpened, DisputeResolved, type EventPayload } from '@tiredash/contracts';
import { KnownDisputeEntity } from './known-dispute.entity';

/** The open reports the 'Reported Issues' tile counts, from requests' dispute events (each applied once, in any order). */
@Injectable()
export class DisputeStatsEvents {
  @OnEvent(DisputeOpened, { durable: 'content-stats-dispute-opened' })
  async onOpened(p: EventPayload<typeof DisputeOpened>, ctx: EventContext): Promise<void> {
    await ctx.manager.createQueryBuilder().insert().into(KnownDisputeEntity).values({ disputeId: p.disputeId, requestId: p.requestId, open: true }).orIgnore().execute();
  }

  @OnEvent(DisputeResolved, { durable: 'content-stats-dispute-resolved' })
  async onResolved(p: EventPayload<typeof DisputeResolved>, ctx: EventContext): Promise<void> {
    await ctx.manager
      .createQueryBuilder()
      .insert()
      .into(KnownDisputeEntity)
      .values({ disputeId: p.disputeId, requestId: p.requestId, open: false })
      .orUpdate(['open'], ['dispute_id'])
      .execute();
  }
}
