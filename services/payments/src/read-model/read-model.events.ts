import { Injectable, Logger } from '@nestjs/common';
import { OnEvent, type EventContext } from '@tiredash/messaging';
import {
  CompletionReported,
  CustomerNoShow,
  PROVIDER_NO_SHOW_REASON,
  ProviderArrived,
  ProviderCreated,
  ProviderUpdated,
  RequestAccepted,
  RequestCancelled,
  RequestCreated,
  RequestExpired,
  toCents,
  type EventPayload,
} from '@tiredash/contracts';
import { AuthorizationsService } from '../authorizations/authorizations.service';
import { stripeFailure } from '../common/stripe-client';
import { WalletService } from '../wallet/wallet.service';
import { ProviderRefEntity } from './provider-ref.entity';
import { RequestRefEntity } from './request-ref.entity';

/** Payments' read models from identity's and requests' events, and the card branches those events start. */
@Injectable()
export class ReadModelEvents {
  private readonly logger = new Logger(ReadModelEvents.name);

  constructor(
    private readonly authorizations: AuthorizationsService,
    private readonly wallet: WalletService,
  ) {}

  @OnEvent(ProviderCreated, { durable: 'payments-provider-created' })
  async onProviderCreated(p: EventPayload<typeof ProviderCreated>, ctx: EventContext): Promise<void> {
    await ctx.manager.upsert(ProviderRefEntity, { providerId: p.providerId, userId: p.userId, businessName: p.businessName, isApproved: p.isApproved }, ['providerId']);
  }

  @OnEvent(ProviderUpdated, { durable: 'payments-provider-updated' })
  async onProviderUpdated(p: EventPayload<typeof ProviderUpdated>, ctx: EventContext): Promise<void> {
    await ctx.manager.upsert(ProviderRefEntity, { providerId: p.providerId, userId: p.userId, businessName: p.businessName, isApproved: p.isApproved }, ['providerId']);
  }

  /** A card request: its authorisation (made just before, in the payment dialog) is linked to it. */
  @OnEvent(RequestCreated, { durable: 'payments-request-created' })
  async onRequestCreated(p: EventPayload<typeof RequestCreated>, ctx: EventContext): Promise<void> {
    const budgetCents = toCents(p.request.budget);
    await ctx.manager.upsert(
      RequestRefEntity,
      {
        requestId: p.requestId,
        customerUserId: p.customerUserId,
        paymentMethod: p.request.paymentMethod,
        budgetCents,
        serviceType: p.request.serviceType,
        status: p.request.tireStatus,
      },
      ['requestId'],
    );
    if (p.request.paymentMethod !== 'card') return;
    const linked = await this.authorizations.linkToRequest(ctx.manager, p.customerUserId, p.requestId, budgetCents);
    if (!linked) this.logger.warn(`card request ${p.requestId}: no matching authorisation of customer ${p.customerUserId} yet`);
  }

  /** Accepted at another amount than the budget: re-authorise `(bid + the hold's card fee) x 100` and void the old one. */
  @OnEvent(RequestAccepted, { durable: 'payments-request-accepted' })
  async onRequestAccepted(p: EventPayload<typeof RequestAccepted>, ctx: EventContext): Promise<void> {
    const amountCents = toCents(p.amount);
    await ctx.manager.upsert(
      RequestRefEntity,
      {
        requestId: p.requestId,
        customerUserId: p.customerUserId,
        paymentMethod: p.paymentMethod,
        budgetCents: toCents(p.budget),
        providerId: p.providerId,
        acceptedAmountCents: amountCents,
        status: 'Accepted',
      },
      ['requestId'],
    );
    if (p.paymentMethod !== 'card' || amountCents === toCents(p.budget)) return;
    try {
      await this.authorizations.reauthorizeForRequest(p.requestId, amountCents);
    } catch (err) {
      const f = stripeFailure(err);
      // A declined card cannot be fixed by retrying; the customer re-authorises in the payment dialog.
      if (f && f.type === 'StripeCardError') {
        this.logger.error(`re-authorisation of request ${p.requestId} for the bid of ${amountCents} cents declined: ${f.message}`);
        return;
      }
      throw err;
    }
  }

  /**
   * A cancellation releases the card hold. When the customer cancels an accepted job (the provider is on the way;
   * after arrival the customer cannot cancel), the cancellation fee of the settings is kept from the hold first and
   * the provider's wallet credited its share (the fee minus the commission); provider and admin cancellations are free.
   */
  @OnEvent(RequestCancelled, { durable: 'payments-request-cancelled' })
  async onRequestCancelled(p: EventPayload<typeof RequestCancelled>, ctx: EventContext): Promise<void> {
    await ctx.manager.update(RequestRefEntity, { requestId: p.requestId }, { status: 'Cancelled' });
    const byCustomer = (p.cancelledByRole ?? (p.cancelledBy === p.providerUserId ? 'provider' : 'customer')) === 'customer';
    let kept: string | undefined;
    // A customer cancelling because the provider is late (ETA + grace passed: 'provider-no-show') pays nothing.
    if (byCustomer && p.previousStatus === 'Accepted' && p.providerId !== null && p.reason !== PROVIDER_NO_SHOW_REASON) {
      const fee = await this.authorizations.chargeCancellationFee(ctx.manager, p.requestId, p.providerId);
      if (fee) {
        kept = fee.auth.id;
        const ref = await ctx.manager.findOne(RequestRefEntity, { where: { requestId: p.requestId } });
        await this.wallet.creditCancellationFee(ctx.manager, {
          providerId: p.providerId,
          requestId: p.requestId,
          feeCents: fee.feeCents,
          commissionPercent: fee.commissionPercent,
          serviceType: ref?.serviceType ?? null,
        });
      }
    }
    await this.authorizations.voidFor(undefined, { requestId: p.requestId }, 'request-cancelled', kept);
  }

  /**
   * The provider marked the customer absent after the wait (`request.no-show`): a card job pays the no-show fee from its
   * hold (the rest released), credited to the provider like a job (less the commission in force); a cash job is charged
   * nothing. Any other live hold is released.
   */
  @OnEvent(CustomerNoShow, { durable: 'payments-request-no-show', maxDeliver: 20 })
  async onCustomerNoShow(p: EventPayload<typeof CustomerNoShow>, ctx: EventContext): Promise<void> {
    await ctx.manager.update(RequestRefEntity, { requestId: p.requestId }, { status: 'Customer No-Show' });
    let kept: string | undefined;
    if (p.paymentMethod === 'card' && p.feeCents > 0) {
      const fee = await this.authorizations.chargeNoShowFee(ctx.manager, p.requestId, p.providerId, p.feeCents);
      if (fee) {
        kept = fee.auth.id;
        await this.wallet.creditNoShowFee(ctx.manager, {
          providerId: p.providerId,
          requestId: p.requestId,
          feeCents: fee.feeCents,
          commissionPercent: fee.commissionPercent,
          serviceType: p.serviceType,
        });
      }
    }
    await this.authorizations.voidFor(undefined, { requestId: p.requestId }, 'customer-no-show', kept);
  }

  /** No bid was accepted in time: the card hold is released like a cancellation's. */
  @OnEvent(RequestExpired, { durable: 'payments-request-expired' })
  async onRequestExpired(p: EventPayload<typeof RequestExpired>, ctx: EventContext): Promise<void> {
    await ctx.manager.update(RequestRefEntity, { requestId: p.requestId }, { status: 'Expired' });
    await this.authorizations.voidFor(undefined, { requestId: p.requestId }, 'request-expired');
  }

  /** The provider arrived: from now on the customer cannot void the hold (the lifecycle table). */
  @OnEvent(ProviderArrived, { durable: 'payments-request-arrived', maxDeliver: 20 })
  async onProviderArrived(p: EventPayload<typeof ProviderArrived>, ctx: EventContext): Promise<void> {
    await this.stamp(ctx, p.requestId, 'arrived_at', p.arrivedAt);
  }

  /** The provider reported the job done: from now on the hold may be captured. */
  @OnEvent(CompletionReported, { durable: 'payments-request-completion-reported', maxDeliver: 20 })
  async onCompletionReported(p: EventPayload<typeof CompletionReported>, ctx: EventContext): Promise<void> {
    await this.stamp(ctx, p.requestId, 'completion_reported_at', p.completedAt);
    // Reported implies arrived, whichever event this consumer sees first.
    await this.stamp(ctx, p.requestId, 'arrived_at', p.completedAt);
  }

  /**
   * Records a progress time once. The request's ref comes from RequestCreated, consumed by another durable: when
   * it is not there yet the event is redelivered later instead of being lost.
   */
  private async stamp(ctx: EventContext, requestId: string, column: 'arrived_at' | 'completion_reported_at', at: string): Promise<void> {
    const rows: { request_id: string }[] = await ctx.manager.query(
      `WITH u AS (UPDATE "payments"."request_refs" SET "${column}" = COALESCE("${column}", $2), "updated_at" = now()
         WHERE "request_id" = $1 RETURNING "request_id") SELECT * FROM u`,
      [requestId, at],
    );
    if (rows.length === 0) throw new Error(`request ${requestId} is not in payments' read model yet`);
  }
}
