import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@tiredash/persistence';
import type { Actor, TipBody, TipView } from '@tiredash/contracts';
import type Stripe from 'stripe';
import type { DataSource, EntityManager } from 'typeorm';
import { AuthorizationEntity } from '../authorizations/authorization.entity';
import { requireRole } from '../common/actor-rules';
import { dollars } from '../common/money';
import { STRIPE } from '../common/payments-config.token';
import { PaymentsError } from '../common/payments-errors';
import { stripeFailure, toDomainError } from '../common/stripe-client';
import { RequestRefEntity } from '../read-model/request-ref.entity';
import { PlatformFeesService } from '../settings/platform-fees.service';
import { WalletService } from '../wallet/wallet.service';
import { TipEntity } from './tip.entity';

/**
 * Card tips (issue 13, item 5). Only while the admin's `tipping` toggle is on, only the job's customer, only a card
 * job whose payment was captured at the customer's confirmation (Service Completed), one tip per job. The tip is its
 * own PaymentIntent on the job's card, captured at once (the customer is present and chose the amount); the
 * provider's wallet gets 100% of it as a `tip` entry in the transaction that records the payment as succeeded, so a
 * wallet is never credited for a tip that was not paid, and never twice: the tip row is keyed by the request, the
 * PaymentIntent's creation by the tip (`tip:<id>`: a retry is Stripe's replay), the entry by `(tip, request)`.
 */
@Injectable()
export class TipsService {
  private readonly logger = new Logger(TipsService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(STRIPE) private readonly stripe: Stripe,
    private readonly fees: PlatformFeesService,
    private readonly wallet: WalletService,
  ) {}

  async tip(actor: Actor, requestId: string, body: TipBody): Promise<TipView> {
    const known = requireRole(actor, 'customer');
    const ref = await this.dataSource.getRepository(RequestRefEntity).findOne({ where: { requestId } });
    const paid = await this.dataSource.getRepository(AuthorizationEntity).findOne({ where: { requestId, status: 'succeeded' } });
    const owner = ref?.customerUserId ?? paid?.customerUserId ?? null;
    if (owner === null) throw PaymentsError.requestNotFound();
    if (owner !== known.userId) throw PaymentsError.notYourPayment();
    const { tippingEnabled } = await this.fees.current();
    if (!tippingEnabled) throw PaymentsError.tippingOff();
    if (ref?.paymentMethod === 'cash') throw PaymentsError.tipCardJobsOnly();
    // Confirmed: the card job's hold was captured at the customer's confirmation (a cancellation fee is no job).
    if (!paid || paid.cancellationFeeCents !== null || paid.providerId === null) throw PaymentsError.tipNotConfirmed();
    const providerId = paid.providerId;

    // 1. The tip is claimed for this job (one per request) before any money moves.
    const tip = await this.dataSource.transaction(async (m) => {
      const repo = m.getRepository(TipEntity);
      await m.query(`INSERT INTO "payments"."tips" ("request_id", "id", "customer_user_id", "provider_id", "amount_cents", "status")
                     VALUES ($1, $2, $3, $4, $5, 'pending') ON CONFLICT ("request_id") DO NOTHING`, [requestId, randomUUID(), known.userId, providerId, body.amount]);
      const row = await repo.findOne({ where: { requestId }, lock: { mode: 'pessimistic_write' } });
      if (!row) throw new Error(`tip of request ${requestId} vanished`);
      return row;
    });
    if (tip.amountCents !== body.amount) {
      throw tip.status === 'succeeded' ? PaymentsError.tipAlreadyGiven(tip.amountCents) : PaymentsError.tipInProgress(tip.amountCents);
    }
    if (tip.status === 'succeeded') return this.view(tip);

    // 2. The charge, on the job's card; the key makes a retry (or a concurrent double tap) Stripe's replay.
    let pi: Stripe.PaymentIntent;
    try {
      const job = await this.stripe.paymentIntents.retrieve(paid.paymentIntentId);
      const customer = typeof job.customer === 'string' ? job.customer : (job.customer?.id ?? null);
      if (!customer) throw new Error(`payment intent ${paid.paymentIntentId} has no customer`);
      pi = await this.stripe.paymentIntents.create(
        {
          amount: tip.amountCents,
          currency: 'usd',
          customer,
          payment_method: paid.paymentMethodId,
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          capture_method: 'automatic',
          confirm: true,
          description: 'Tip',
          metadata: { kind: 'tip', requestId, tipId: tip.id, customerUserId: known.userId, providerId },
        },
        { idempotencyKey: `tip:${tip.id}` },
      );
    } catch (err) {
      if (isDefiniteRefusal(err)) {
        // The card said no: nothing was charged, the job may be tipped again (another amount, after a new try).
        await this.dataSource.getRepository(TipEntity).delete({ requestId, id: tip.id, status: 'pending' });
      } else {
        this.logger.warn(`tip of request ${requestId}: no definite answer from Stripe; kept pending (a retry of the same amount finishes it)`);
      }
      throw toDomainError(err, 'The tip could not be charged');
    }
    if (pi.status !== 'succeeded') {
      await this.dataSource.getRepository(TipEntity).delete({ requestId, id: tip.id, status: 'pending' });
      throw toDomainError(null, 'The tip could not be charged');
    }
    return this.settle(requestId, pi);
  }

  /**
   * A tip's payment succeeded: the tip is marked paid and the provider's wallet credited 100% of what Stripe received,
   * in one transaction, once (a second call finds it paid and the entry there). Answers the tip.
   */
  async settle(requestId: string, pi: Stripe.PaymentIntent): Promise<TipView> {
    return this.dataSource.transaction(async (m) => {
      const tip = await this.settleIn(m, requestId, pi);
      if (!tip) throw new Error(`payment intent ${pi.id} is not the tip of request ${requestId}`);
      return this.view(tip);
    });
  }

  /**
   * Stripe's `payment_intent.succeeded` of a tip (in the webhook's transaction): finishes a tip whose answer the
   * command never got (a timeout, a lost connection), so the provider is credited without the customer retrying.
   * Nothing to do when the command settled it already, or for a payment intent that is no tip of ours.
   */
  async settleFromWebhook(m: EntityManager, pi: Stripe.PaymentIntent): Promise<void> {
    const requestId = pi.metadata?.['requestId'];
    if (pi.metadata?.['kind'] !== 'tip' || !requestId || pi.status !== 'succeeded') return;
    const tip = await this.settleIn(m, requestId, pi);
    if (!tip) this.logger.warn(`tip payment ${pi.id} of request ${requestId} matches no tip; not credited`);
  }

  private async settleIn(m: EntityManager, requestId: string, pi: Stripe.PaymentIntent): Promise<TipEntity | null> {
    const repo = m.getRepository(TipEntity);
    const tip = await repo.findOne({ where: { requestId }, lock: { mode: 'pessimistic_write' } });
    if (!tip || pi.metadata?.['tipId'] !== tip.id) return null;
    if (tip.status === 'pending') {
      tip.status = 'succeeded';
      tip.paymentIntentId = pi.id;
      await repo.save(tip);
      const ref = await m.getRepository(RequestRefEntity).findOne({ where: { requestId } });
      await this.wallet.creditTip(m, { providerId: tip.providerId, requestId, tipCents: pi.amount_received, serviceType: ref?.serviceType ?? null });
    }
    return tip;
  }

  /** The paid tip of a request in dollars, or null. */
  async paidTip(requestId: string): Promise<number | null> {
    const tip = await this.dataSource.getRepository(TipEntity).findOne({ where: { requestId, status: 'succeeded' } });
    return tip ? dollars(tip.amountCents) : null;
  }

  private view(tip: TipEntity): TipView {
    return { requestId: tip.requestId, amount: dollars(tip.amountCents), status: 'succeeded', paymentIntentId: tip.paymentIntentId ?? '' };
  }
}

/** Stripe answered and refused (a card error or an invalid request): nothing was charged. */
function isDefiniteRefusal(err: unknown): boolean {
  const f = stripeFailure(err);
  return f !== null && f.statusCode !== null && f.statusCode >= 400 && f.statusCode < 500 && f.statusCode !== 429 && f.statusCode !== 409;
}
