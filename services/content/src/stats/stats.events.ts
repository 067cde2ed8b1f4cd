import { Injectable } from '@nestjs/common';
import { OnEvent, type EventContext } from '@tiredash/messaging';
import {
  CustomerCreated,
  ProviderCreated,
  RatingCreated,
  RequestAccepted,
  RequestCancelled,
  RequestConfirmed,
  toCents,
  type EventPayload,
} from '@tiredash/contracts';
import {
  KnownCompletionEntity,
  KnownCustomerEntity,
  KnownJobEntity,
  KnownProviderEntity,
  KnownRatingEntity,
} from './known-party.entity';

/** Read models the admin stat tiles count, fed by identity's and requests' events (each applied once). */
@Injectable()
export class StatsEvents {
  @OnEvent(CustomerCreated, { durable: 'content-stats-customer-created' })
  async onCustomerCreated(p: EventPayload<typeof CustomerCreated>, ctx: EventContext): Promise<void> {
    await ctx.manager
      .createQueryBuilder()
      .insert()
      .into(KnownCustomerEntity)
      .values({ id: p.customerId, seenAt: new Date(ctx.occurredAt) })
      .orIgnore()
      .execute();
  }

  @OnEvent(ProviderCreated, { durable: 'content-stats-provider-created' })
  async onProviderCreated(p: EventPayload<typeof ProviderCreated>, ctx: EventContext): Promise<void> {
    // An approval event may have been consumed first: then only mark the row as created.
    await ctx.manager
      .createQueryBuilder()
      .insert()
      .into(KnownProviderEntity)
      .values({ id: p.providerId, created: true, isApproved: p.isApproved, seenAt: new Date(ctx.occurredAt) })
      .orUpdate(['created'], ['id'])
      .execute();
  }

  @OnEvent(RequestAccepted, { durable: 'content-stats-request-accepted' })
  async onRequestAccepted(p: EventPayload<typeof RequestAccepted>, ctx: EventContext): Promise<void> {
    await ctx.manager
      .createQueryBuilder()
      .insert()
      .into(KnownJobEntity)
      .values({ requestId: p.requestId, acceptedAt: new Date(p.acceptedAt), cancelled: false })
      .orUpdate(['accepted_at'], ['request_id'])
      .execute();
  }

  @OnEvent(RequestCancelled, { durable: 'content-stats-request-cancelled' })
  async onRequestCancelled(p: EventPayload<typeof RequestCancelled>, ctx: EventContext): Promise<void> {
    await ctx.manager
      .createQueryBuilder()
      .insert()
      .into(KnownJobEntity)
      .values({ requestId: p.requestId, acceptedAt: null, cancelled: true })
      .orUpdate(['cancelled'], ['request_id'])
      .execute();
  }

  @OnEvent(RequestConfirmed, { durable: 'content-stats-request-confirmed' })
  async onRequestConfirmed(p: EventPayload<typeof RequestConfirmed>, ctx: EventContext): Promise<void> {
    await ctx.manager
      .createQueryBuilder()
      .insert()
      .into(KnownCompletionEntity)
      .values({ requestId: p.requestId, amountCents: toCents(p.amount), confirmedAt: new Date(p.confirmedAt) })
      .orIgnore()
      .execute();
  }

  @OnEvent(RatingCreated, { durable: 'content-stats-rating-created' })
  async onRatingCreated(p: EventPayload<typeof RatingCreated>, ctx: EventContext): Promise<void> {
    await ctx.manager
      .createQueryBuilder()
      .insert()
      .into(KnownRatingEntity)
      .values({ ratingId: p.ratingId, rating: p.rating })
      .orIgnore()
      .execute();
  }
}
