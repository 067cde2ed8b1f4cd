import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@tiredash/persistence';
import { OutboxService } from '@tiredash/messaging';
import {
  DomainError,
  PaymentAuthorized,
  PaymentCaptured,
  PaymentVoided,
  REQUEST_LIFECYCLE,
  type Actor,
  type LifecycleActor,
  type LifecycleState,
  type AuthorizationView,
  type AuthorizeBody,
  type CardHoldView,
  type CaptureBody,
  type CaptureView,
  type RequestPaymentView,
  type VoidView,
} from '@tiredash/contracts';
import type Stripe from 'stripe';
import type { DataSource, EntityManager } from 'typeorm';
import { PaymentAccountEntity } from '../accounts/payment-account.entity';
import { CardsService } from '../cards/cards.service';
import { dollars } from '../common/money';
import { isAdmin, requireActor, requireRole } from '../common/actor-rules';
import { PAYMENTS_CONFIG, STRIPE } from '../common/payments-config.token';
import type { PaymentsConfig } from '../config';
import { PaymentsError } from '../common/payments-errors';
import { stripeFailure, toDomainError } from '../common/stripe-client';
import { RequestRefEntity } from '../read-model/request-ref.entity';
import { PlatformFeesService } from '../settings/platform-fees.service';
import { TipEntity } from '../tips/tip.entity';
import { approvedExtrasCentsOf } from '../extras/extra-holds.service';
import { AuthorizationEntity } from './authorization.entity';

const ACTIVE = 'requires_capture';

/**
 * Card money of a request: authorise `(budget + card fee) x 100` cents with manual capture, re-authorise when the
 * accepted amount differs, void on cancel (less the cancellation fee when the customer cancels an accepted job),
 * capture at confirmation. The card fee is the admin's setting in force when the hold is authorised, kept with the
 * hold; the commission the one in force at the capture, kept with it. Every Stripe call carries an idempotency key
 * derived from the domain operation, so a retry never charges twice.
 */
@Injectable()
export class AuthorizationsService {
  private readonly logger = new Logger(AuthorizationsService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(STRIPE) private readonly stripe: Stripe,
    private readonly cards: CardsService,
    private readonly outbox: OutboxService,
    @Inject(PAYMENTS_CONFIG) private readonly config: PaymentsConfig,
    private readonly fees: PlatformFeesService,
  ) {}

  async authorize(actor: Actor, body: AuthorizeBody, clientKey?: string): Promise<AuthorizationView> {
    const known = requireRole(actor, 'customer');
    const repo = this.dataSource.getRepository(AuthorizationEntity);
    let previous: AuthorizationEntity | null = null;
    if (body.requestId) {
      const ref = await this.dataSource.getRepository(RequestRefEntity).findOne({ where: { requestId: body.requestId } });
      if (ref && ref.customerUserId !== known.userId) throw PaymentsError.notYourPayment();
      // A request is paid once: no new hold after its capture, none for a request that ended.
      if (await repo.exists({ where: { requestId: body.requestId, status: 'succeeded' } })) throw PaymentsError.alreadyCaptured();
      if (ref && (ref.status === 'Cancelled' || ref.status === 'Expired' || ref.status === 'Customer No-Show')) throw PaymentsError.requestEnded(ref.status);
      previous = await repo.findOne({ where: { requestId: body.requestId, status: ACTIVE }, order: { createdAt: 'DESC' } });
      if (previous && previous.customerUserId !== known.userId) throw PaymentsError.notYourPayment();
      if (previous && previous.amountCents === body.amount && previous.paymentMethodId === body.paymentMethodId) {
        return this.view(previous, null);
      }
    }
    const key = body.requestId
      ? `authorize:${body.requestId}:${body.amount}:${body.paymentMethodId}`
      : `authorize:${known.userId}:${clientKey ?? randomUUID()}`;
    const done = await repo.findOne({ where: { idempotencyKey: key } });
    if (done) {
      if (done.customerUserId !== known.userId) throw PaymentsError.notYourPayment();
      return this.view(done, null);
    }
    // The card fee in this hold is the setting in force now (the amount the payment dialog showed includes it). The
    // fee the dialog says it included is checked: an admin's change since the page loaded is answered, not held.
    const { cardFeeCents } = await this.fees.current();
    if (body.cardFee !== undefined && body.cardFee !== cardFeeCents) throw PaymentsError.cardFeeChanged(cardFeeCents);
    const { customerId, pm } = await this.cards.attachToCustomer(known.userId, body.email, body.paymentMethodId);
    if (body.saveCard) await this.cards.save(known.userId, pm, body.cardholderName);
    const pi = await this.createIntent(key, body.amount, customerId, pm.id, known.userId, body.requestId ?? null);
    const auth = await this.record(key, pi, known.userId, body.requestId ?? null, previous, cardFeeCents);
    if (previous) await this.voidOne(previous, 'replaced');
    return this.view(auth, previous?.paymentIntentId ?? null);
  }

  /**
   * Re-authorisation from the requests service's acceptance event: a new authorisation for the accepted
   * amount plus the fee of the hold it replaces (the fee the customer agreed to) on the same card, replacing the
   * old one. Nothing to do when the amounts are equal.
   */
  async reauthorizeForRequest(requestId: string, jobCents: number): Promise<AuthorizationEntity | null> {
    const repo = this.dataSource.getRepository(AuthorizationEntity);
    const previous = await repo.findOne({ where: { requestId, status: ACTIVE }, order: { createdAt: 'DESC' } });
    if (!previous) return previous;
    const amountCents = jobCents + previous.feeCents;
    if (previous.amountCents === amountCents) return previous;
    const key = `reauthorize:${requestId}:${amountCents}`;
    const done = await repo.findOne({ where: { idempotencyKey: key } });
    if (done) return done;
    const customer = await this.stripe.paymentIntents.retrieve(previous.paymentIntentId);
    const customerId = typeof customer.customer === 'string' ? customer.customer : (customer.customer?.id ?? null);
    if (!customerId) throw new Error(`payment intent ${previous.paymentIntentId} has no customer`);
    const pi = await this.createIntent(key, amountCents, customerId, previous.paymentMethodId, previous.customerUserId, requestId);
    const auth = await this.record(key, pi, previous.customerUserId, requestId, previous, previous.feeCents);
    await this.voidOne(previous, 'replaced');
    return auth;
  }

  /**
   * Whether a live hold covers the job amount `jobCents` plus the hold's own card fee: for a request, its active hold
   * (the bid plus the fee must fit); before a card request exists, an unclaimed hold of exactly the budget plus its
   * fee within UNCLAIMED_AUTHORIZATION_SECONDS (the one the request will be linked to).
   */
  async checkHold(customerUserId: string, jobCents: number, requestId?: string): Promise<CardHoldView> {
    const unclaimed = `(a.request_id IS NULL AND a.created_at > now() - make_interval(secs => :ttl))`;
    const query = this.dataSource
      .getRepository(AuthorizationEntity)
      .createQueryBuilder('a')
      .where('a.customer_user_id = :customerUserId AND a.status = :status', { customerUserId, status: ACTIVE })
      .setParameters({ ttl: this.config.unclaimedAuthorizationSeconds, jobCents });
    // A request's hold is linked when payments hears of the request: just after posting it may still be unclaimed.
    // One statement (one snapshot) looks for both: two queries could each miss it when the link committed between them.
    const hold = requestId
      ? await query
          .andWhere(`(a.request_id = :requestId OR (${unclaimed} AND a.amount_cents >= :jobCents + a.fee_cents))`, { requestId })
          .orderBy('CASE WHEN a.request_id IS NULL THEN 1 ELSE 0 END', 'ASC')
          .addOrderBy('a.created_at', 'DESC')
          .getOne()
      : await query.andWhere(`${unclaimed} AND a.amount_cents = :jobCents + a.fee_cents`).orderBy('a.created_at', 'DESC').getOne();
    const requiredCents = jobCents + (hold ? hold.feeCents : (await this.fees.current()).cardFeeCents);
    return { covered: hold !== null && hold.amountCents >= requiredCents, amountCents: hold?.amountCents ?? null, requiredCents };
  }

  /** Links the customer's latest unlinked authorisation of exactly `budget + its card fee` to a new card request. */
  async linkToRequest(manager: EntityManager, customerUserId: string, requestId: string, budgetCents: number): Promise<AuthorizationEntity | null> {
    const repo = manager.getRepository(AuthorizationEntity);
    if (await repo.exists({ where: { requestId } })) return null;
    const candidate = await repo
      .createQueryBuilder('a')
      .where('a.customer_user_id = :customerUserId AND a.request_id IS NULL AND a.status = :status AND a.amount_cents = :budgetCents + a.fee_cents', {
        customerUserId,
        status: ACTIVE,
        budgetCents,
      })
      .andWhere(`a.created_at > now() - make_interval(secs => :ttl)`, { ttl: this.config.unclaimedAuthorizationSeconds })
      .orderBy('a.created_at', 'DESC')
      .setLock('pessimistic_write')
      .getOne();
    if (!candidate) return null;
    candidate.requestId = requestId;
    await repo.save(candidate);
    try {
      await this.stripe.paymentIntents.update(candidate.paymentIntentId, { metadata: { requestId } }, { idempotencyKey: `link:${candidate.id}:${requestId}` });
    } catch (err) {
      this.logger.warn(`could not tag ${candidate.paymentIntentId} with request ${requestId}: ${stripeFailure(err)?.message ?? String(err)}`);
    }
    return candidate;
  }

  /**
   * Captures a request's hold. The amount is payments' own: the accepted bid (from requests' events) plus the card
   * fee, never the body's; `updatedAmount`, `providerId` and `providerStripeAccountId`, when sent (the spec's
   * client sends them), must agree (409). Only a hold linked to a request whose provider reported completion is
   * captured, exactly once (a retry answers the same capture).
   */
  async capture(actor: Actor, body: CaptureBody): Promise<CaptureView> {
    const known = requireActor(actor);
    await this.waitForCompletionReport(body);
    // The commission in force at the confirmation, read before any lock is held; kept with the capture.
    const { commissionPercent } = await this.fees.current();
    return this.dataSource.transaction(async (m) => {
      const auth = await this.findForUpdate(m, body);
      if (!isAdmin(known) && auth.customerUserId !== known.userId) throw PaymentsError.notYourPayment();
      if (auth.status === 'canceled') throw PaymentsError.alreadyCanceled();
      if (auth.requestId === null) throw PaymentsError.notForRequest();
      const ref = await m.getRepository(RequestRefEntity).findOne({ where: { requestId: auth.requestId } });
      if (!ref || ref.providerId === null || ref.acceptedAmountCents === null) throw PaymentsError.requestNotAccepted();
      const providerId = await this.resolveProvider(m, ref, body);
      if (auth.status === 'succeeded') {
        // Already captured (a retried confirmation): the same answer, no second charge, no second event.
        if (auth.providerId !== providerId) throw PaymentsError.providerMismatch();
        return this.captureView(auth);
      }
      if (ref.status === 'Cancelled' || ref.status === 'Expired' || ref.status === 'Customer No-Show') throw PaymentsError.requestEnded(ref.status);
      if (ref.completionReportedAt === null) throw PaymentsError.completionNotReported();
      // The job is the accepted bid plus the extras the customer approved (payments' own rows, each of which raised
      // this hold); a client's updatedAmount is a claim: the bid alone (the spec's client) or the job total.
      const jobCents = ref.acceptedAmountCents + (await approvedExtrasCentsOf(m, auth.requestId));
      if (body.updatedAmount !== undefined && body.updatedAmount !== null && body.updatedAmount !== jobCents && body.updatedAmount !== ref.acceptedAmountCents) {
        throw PaymentsError.amountMismatch(jobCents);
      }
      const amount = jobCents + auth.feeCents;
      if (amount > auth.amountCents) throw PaymentsError.captureAboveAuthorized(auth.amountCents, amount);
      let pi: Stripe.PaymentIntent;
      try {
        pi = await this.stripe.paymentIntents.capture(
          auth.paymentIntentId,
          { amount_to_capture: amount },
          { idempotencyKey: `capture:${auth.id}:${amount}` },
        );
      } catch (err) {
        throw toDomainError(err, 'Payment capture failed');
      }
      if (pi.status !== 'succeeded') throw toDomainError(null, 'Payment capture failed');
      auth.status = 'succeeded';
      auth.capturedCents = pi.amount_received;
      auth.providerId = providerId;
      auth.commissionPercent = commissionPercent;
      await m.getRepository(AuthorizationEntity).save(auth);
      await this.outbox.add(m, PaymentCaptured, {
        authorizationId: auth.id,
        requestId: auth.requestId,
        paymentIntentId: auth.paymentIntentId,
        customerUserId: auth.customerUserId,
        providerId,
        amountCents: pi.amount_received,
        jobAmountCents: Math.max(0, pi.amount_received - auth.feeCents),
        feeCents: auth.feeCents,
        commissionPercent,
        serviceType: ref.serviceType ?? body.serviceType ?? null,
        capturedAt: new Date().toISOString(),
      });
      return this.captureView(auth);
    });
  }

  /**
   * What the customer's card pays for a request: the card fee kept with its hold, and what is held, captured or kept
   * as a cancellation fee (the payment dialog and summary show this, so they match what is captured). Its customer
   * or an admin only.
   */
  async requestPayment(actor: Actor, requestId: string): Promise<RequestPaymentView> {
    const known = requireActor(actor);
    const ref = await this.dataSource.getRepository(RequestRefEntity).findOne({ where: { requestId } });
    const rows = await this.dataSource.getRepository(AuthorizationEntity).find({ where: { requestId }, order: { createdAt: 'DESC' } });
    const owner = ref?.customerUserId ?? rows[0]?.customerUserId ?? null;
    if (owner === null) throw PaymentsError.authorizationNotFound();
    if (!isAdmin(known) && owner !== known.userId) throw PaymentsError.notYourPayment();
    const auth = rows.find((a) => a.status === 'succeeded') ?? rows.find((a) => a.status === ACTIVE) ?? rows[0] ?? null;
    if (!auth) {
      return { requestId, status: 'none', cardFee: dollars((await this.fees.current()).cardFeeCents), held: null, captured: null, cancellationFee: null, tip: null, canTip: false };
    }
    const tip = await this.dataSource.getRepository(TipEntity).findOne({ where: { requestId } });
    const tipPaid = tip?.status === 'succeeded' ? dollars(tip.amountCents) : null;
    // The summary offers a tip when the tip command would take one (its own checks decide; this only shows the section).
    const canTip =
      owner === known.userId &&
      auth.status === 'succeeded' &&
      auth.cancellationFeeCents === null &&
      ref?.status !== 'Customer No-Show' &&
      tip?.status !== 'succeeded' &&
      (await this.fees.current().then((f) => f.tippingEnabled, () => false));
    // A no-show's capture is the no-show fee (the request's status in payments' read model says which capture it was).
    const noShow = ref?.status === 'Customer No-Show' && auth.status === 'succeeded' && auth.cancellationFeeCents === null;
    const status: RequestPaymentView['status'] =
      auth.status === 'succeeded' ? (auth.cancellationFeeCents !== null ? 'cancellation_fee' : noShow ? 'no_show_fee' : 'captured') : auth.status === ACTIVE ? 'held' : 'released';
    return {
      requestId,
      status,
      cardFee: dollars(auth.feeCents),
      held: auth.status === ACTIVE ? dollars(auth.amountCents) : null,
      captured: auth.status === 'succeeded' && auth.capturedCents !== null ? dollars(auth.capturedCents) : null,
      cancellationFee: auth.cancellationFeeCents !== null ? dollars(auth.cancellationFeeCents) : null,
      noShowFee: noShow && auth.capturedCents !== null ? dollars(auth.capturedCents) : null,
      tip: tipPaid,
      canTip,
      // What an admin refunded of the capture (disputes): the summary shows 'Refunded $X'.
      refunded: await this.refundedOf(requestId),
    };
  }

  private async refundedOf(requestId: string): Promise<number | null> {
    const rows: { total: string | null }[] = await this.dataSource.query(
      `SELECT SUM("amount_cents")::text AS total FROM "payments"."refunds" WHERE "request_id" = $1 AND "status" = 'succeeded'`,
      [requestId],
    );
    return rows[0]?.total ? dollars(Number(rows[0].total)) : null;
  }

  /**
   * The completion report travels from requests as an event: a capture asked right after it (the customer's
   * confirmation) waits up to READ_MODEL_WAIT_MS for it to arrive, outside any lock.
   */
  private async waitForCompletionReport(body: CaptureBody): Promise<void> {
    const deadline = Date.now() + this.config.readModelWaitMs;
    for (;;) {
      const requestId =
        body.requestId ??
        (body.paymentIntentId
          ? ((await this.dataSource.getRepository(AuthorizationEntity).findOne({ where: { paymentIntentId: body.paymentIntentId } }))?.requestId ?? null)
          : null);
      if (!requestId) return;
      const ref = await this.dataSource.getRepository(RequestRefEntity).findOne({ where: { requestId } });
      if (ref?.completionReportedAt || ref?.status === 'Cancelled' || ref?.status === 'Expired') return;
      if (Date.now() >= deadline) return;
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** Where a request stands in the lifecycle table, as payments knows it from requests' events and its captures. */
  private async lifecycleStateOf(m: EntityManager, requestId: string): Promise<{ state: LifecycleState; ref: RequestRefEntity | null }> {
    const ref = await m.getRepository(RequestRefEntity).findOne({ where: { requestId } });
    if (ref?.status === 'Customer No-Show') return { state: 'Customer No-Show', ref };
    if (await m.getRepository(AuthorizationEntity).exists({ where: { requestId, status: 'succeeded' } })) return { state: 'Service Completed', ref };
    if (!ref) return { state: 'Bids Open', ref };
    if (ref.status === 'Cancelled' || ref.status === 'Expired') return { state: ref.status, ref };
    if (ref.completionReportedAt) return { state: 'Completion Reported', ref };
    if (ref.arrivedAt) return { state: 'In Progress', ref };
    if (ref.providerId !== null || ref.status === 'Accepted') return { state: 'Accepted', ref };
    return { state: 'Bids Open', ref };
  }

  /** The lifecycle table's word on a void of the request's hold by this actor (throws its refusal). */
  private async assertVoidAllowed(known: NonNullable<Actor>, requestId: string, ownerUserId: string | null): Promise<void> {
    const { state, ref } = await this.lifecycleStateOf(this.dataSource.manager, requestId);
    const owner = ownerUserId ?? ref?.customerUserId ?? null;
    const who: LifecycleActor = owner === known.userId ? 'customer' : isAdmin(known) ? 'admin' : known.role === 'provider' ? 'other provider' : 'other customer';
    const rule = REQUEST_LIFECYCLE[state][who].void;
    if (!('refused' in rule)) return;
    if (rule.refused === 'NOT_OWNER') throw PaymentsError.notYourPayment();
    if (rule.reason === 'HOLD_NOT_VOIDABLE') throw PaymentsError.holdNotVoidable(state);
    throw new DomainError(rule.refused, 'This payment authorisation cannot be voided', rule.reason ? { reason: rule.reason } : undefined);
  }

  /**
   * The customer cancelled an accepted card job before the provider arrived: the cancellation fee of the settings in
   * force (at most the hold) is captured from the request's live hold, which releases the rest, inside the caller's
   * transaction (the cancel event's). Answers what was kept, or null when there is nothing to charge (no fee set, no
   * live hold): the hold is then voided as any cancellation's. The commission in force is kept with it.
   */
  async chargeCancellationFee(
    m: EntityManager,
    requestId: string,
    providerId: string,
  ): Promise<{ auth: AuthorizationEntity; feeCents: number; commissionPercent: number } | null> {
    let fees: { cancellationFeeCents: number; commissionPercent: number };
    try {
      fees = await this.fees.current();
    } catch (err) {
      // No copy of the settings and content unreachable: the customer's money is released rather than held while
      // the event is retried (and maybe dead-lettered); the fee is forgone, and said so.
      this.logger.error(`request ${requestId}: cancellation fee not charged, the settings are unavailable (${err instanceof Error ? err.message : String(err)})`);
      return null;
    }
    const { cancellationFeeCents, commissionPercent } = fees;
    if (cancellationFeeCents <= 0) return null;
    const auth = await m
      .getRepository(AuthorizationEntity)
      .findOne({ where: { requestId, status: ACTIVE }, order: { createdAt: 'DESC' }, lock: { mode: 'pessimistic_write' } });
    if (!auth) return null;
    const feeCents = Math.min(cancellationFeeCents, auth.amountCents);
    let pi: Stripe.PaymentIntent;
    try {
      pi = await this.stripe.paymentIntents.capture(
        auth.paymentIntentId,
        { amount_to_capture: feeCents },
        { idempotencyKey: `cancellation-fee:${auth.id}` },
      );
    } catch (err) {
      throw toDomainError(err, 'Cancellation fee capture failed');
    }
    if (pi.status !== 'succeeded') throw toDomainError(null, 'Cancellation fee capture failed');
    auth.status = 'succeeded';
    auth.capturedCents = pi.amount_received;
    auth.providerId = providerId;
    auth.commissionPercent = commissionPercent;
    auth.cancellationFeeCents = pi.amount_received;
    await m.getRepository(AuthorizationEntity).save(auth);
    return { auth, feeCents: pi.amount_received, commissionPercent };
  }

  /**
   * The provider marked the customer absent: the no-show fee the requests service decided (`feeCents`, the admin's
   * setting at that moment; at most the hold) is captured from the request's live hold, which releases the rest, in
   * the caller's transaction (the event's). Once: the idempotency key and the hold's status make a redelivery answer
   * nothing new. Null when there is nothing to charge (no fee, no live hold).
   */
  async chargeNoShowFee(
    m: EntityManager,
    requestId: string,
    providerId: string,
    requestedFeeCents: number,
  ): Promise<{ auth: AuthorizationEntity; feeCents: number; commissionPercent: number } | null> {
    if (requestedFeeCents <= 0) return null;
    const { commissionPercent } = await this.fees.current();
    const auth = await m
      .getRepository(AuthorizationEntity)
      .findOne({ where: { requestId, status: ACTIVE }, order: { createdAt: 'DESC' }, lock: { mode: 'pessimistic_write' } });
    if (!auth) return null;
    const feeCents = Math.min(requestedFeeCents, auth.amountCents);
    let pi: Stripe.PaymentIntent;
    try {
      pi = await this.stripe.paymentIntents.capture(auth.paymentIntentId, { amount_to_capture: feeCents }, { idempotencyKey: `no-show-fee:${auth.id}` });
    } catch (err) {
      throw toDomainError(err, 'No-show fee capture failed');
    }
    if (pi.status !== 'succeeded') throw toDomainError(null, 'No-show fee capture failed');
    auth.status = 'succeeded';
    auth.capturedCents = pi.amount_received;
    auth.providerId = providerId;
    auth.commissionPercent = commissionPercent;
    await m.getRepository(AuthorizationEntity).save(auth);
    return { auth, feeCents: pi.amount_received, commissionPercent };
  }

  /**
   * Voids the active authorisation of a request (or a payment intent): the customer, an admin, or the system (actor
   * undefined). `keepId`: an authorisation not to touch (the one a cancellation fee was just captured from).
   */
  async voidFor(actor: Actor | undefined, target: { requestId?: string; paymentIntentId?: string }, reason: string, keepId?: string): Promise<VoidView[]> {
    const known = actor === undefined ? null : requireActor(actor);
    const repo = this.dataSource.getRepository(AuthorizationEntity);
    const rows = target.paymentIntentId
      ? await repo.find({ where: { paymentIntentId: target.paymentIntentId } })
      : target.requestId
        ? await repo.find({ where: { requestId: target.requestId, status: ACTIVE } })
        : [];
    if (target.paymentIntentId && rows.length === 0) throw PaymentsError.authorizationNotFound();
    if (known) {
      const requestId = target.requestId ?? rows[0]?.requestId ?? null;
      if (requestId) await this.assertVoidAllowed(known, requestId, rows[0]?.customerUserId ?? null);
    }
    const out: VoidView[] = [];
    for (const auth of rows) {
      if (known && !isAdmin(known) && auth.customerUserId !== known.userId) throw PaymentsError.notYourPayment();
      if (auth.status === 'succeeded' || auth.id === keepId) continue;
      await this.voidOne(auth, reason);
      out.push({ paymentIntentId: auth.paymentIntentId, status: 'canceled' });
    }
    if (out.length === 0 && known && target.requestId && !target.paymentIntentId) {
      // Nothing held any more (cancelled or expired: released already): answer the last void again.
      const last = await repo.findOne({ where: { requestId: target.requestId, status: 'canceled' }, order: { createdAt: 'DESC' } });
      if (last && (isAdmin(known) || last.customerUserId === known.userId)) out.push({ paymentIntentId: last.paymentIntentId, status: 'canceled' });
    }
    return out;
  }

  /**
   * Voids the holds no card request claimed within UNCLAIMED_AUTHORIZATION_SECONDS (the customer authorised in the
   * payment dialog and never posted, or posted at another amount): money is not held for nothing. Returns how many.
   */
  async voidUnclaimed(): Promise<number> {
    const stale = await this.dataSource
      .getRepository(AuthorizationEntity)
      .createQueryBuilder('a')
      .where('a.request_id IS NULL AND a.status = :status', { status: ACTIVE })
      .andWhere(`a.created_at <= now() - make_interval(secs => :ttl)`, { ttl: this.config.unclaimedAuthorizationSeconds })
      .orderBy('a.created_at')
      .limit(100)
      .getMany();
    let n = 0;
    for (const auth of stale) {
      try {
        await this.voidOne(auth, 'unclaimed');
        n += 1;
      } catch (err) {
        this.logger.warn(`could not void unclaimed ${auth.paymentIntentId}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    return n;
  }

  async voidOne(auth: AuthorizationEntity, reason: string): Promise<void> {
    if (auth.status !== ACTIVE) return;
    try {
      await this.stripe.paymentIntents.cancel(
        auth.paymentIntentId,
        { cancellation_reason: reason === 'replaced' ? 'duplicate' : 'requested_by_customer' },
        { idempotencyKey: `void:${auth.paymentIntentId}` },
      );
    } catch (err) {
      const f = stripeFailure(err);
      // Already cancelled at Stripe (e.g. from the dashboard): record it; anything else is a real failure.
      if (f?.code !== 'payment_intent_unexpected_state') throw toDomainError(err, 'Unable to void the payment authorisation');
      const pi = await this.stripe.paymentIntents.retrieve(auth.paymentIntentId);
      if (pi.status !== 'canceled') throw toDomainError(err, 'Unable to void the payment authorisation');
    }
    await this.dataSource.transaction(async (m) => {
      const res = await m
        .getRepository(AuthorizationEntity)
        .update({ id: auth.id, status: ACTIVE }, { status: 'canceled' });
      if (res.affected === 1) {
        await this.outbox.add(m, PaymentVoided, {
          authorizationId: auth.id,
          requestId: auth.requestId,
          paymentIntentId: auth.paymentIntentId,
          reason,
        });
      }
    });
    auth.status = 'canceled';
  }

  private async createIntent(
    key: string,
    amount: number,
    customerId: string,
    paymentMethodId: string,
    customerUserId: string,
    requestId: string | null,
  ): Promise<Stripe.PaymentIntent> {
    let pi: Stripe.PaymentIntent;
    try {
      pi = await this.stripe.paymentIntents.create(
        {
          amount,
          currency: 'usd',
          customer: customerId,
          payment_method: paymentMethodId,
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          capture_method: 'manual',
          // An extra approved on site raises this hold (incremental authorisation) instead of replacing it.
          payment_method_options: { card: { request_incremental_authorization: 'if_available' } },
          confirm: true,
          metadata: requestId ? { customerUserId, requestId } : { customerUserId },
        },
        { idempotencyKey: key },
      );
    } catch (err) {
      throw toDomainError(err, 'Authorization failed');
    }
    if (pi.status !== 'requires_capture') throw toDomainError(null, 'Authorization failed');
    return pi;
  }

  async record(
    key: string,
    pi: Stripe.PaymentIntent,
    customerUserId: string,
    requestId: string | null,
    previous: AuthorizationEntity | null,
    feeCents: number,
  ): Promise<AuthorizationEntity> {
    return this.dataSource.transaction(async (m) => {
      const repo = m.getRepository(AuthorizationEntity);
      const existing = await repo.findOne({ where: { paymentIntentId: pi.id } });
      if (existing) return existing;
      const auth = repo.create({
        id: randomUUID(),
        customerUserId,
        requestId,
        paymentIntentId: pi.id,
        paymentMethodId: typeof pi.payment_method === 'string' ? pi.payment_method : (pi.payment_method?.id ?? ''),
        amountCents: pi.amount,
        feeCents,
        status: ACTIVE,
        capturedCents: null,
        providerId: null,
        commissionPercent: null,
        cancellationFeeCents: null,
        replacedBy: null,
        idempotencyKey: key,
      });
      await repo.insert(auth);
      if (previous) await repo.update({ id: previous.id }, { replacedBy: auth.id });
      await this.outbox.add(m, PaymentAuthorized, {
        authorizationId: auth.id,
        requestId,
        customerUserId,
        paymentIntentId: pi.id,
        amountCents: pi.amount,
        replacedPaymentIntentId: previous?.paymentIntentId ?? null,
      });
      return auth;
    });
  }

  private async findForUpdate(m: EntityManager, body: CaptureBody): Promise<AuthorizationEntity> {
    const repo = m.getRepository(AuthorizationEntity);
    const found = body.paymentIntentId
      ? await repo.findOne({ where: { paymentIntentId: body.paymentIntentId }, lock: { mode: 'pessimistic_write' } })
      : await repo.findOne({
          where: [
            { requestId: body.requestId, status: ACTIVE },
            { requestId: body.requestId, status: 'succeeded' },
          ],
          order: { createdAt: 'DESC' },
          lock: { mode: 'pessimistic_write' },
        });
    if (!found) throw PaymentsError.authorizationNotFound();
    return found;
  }

  /** The provider paid by this capture: the accepted bid's (from requests' events) wins; the client's must agree. */
  private async resolveProvider(m: EntityManager, ref: RequestRefEntity | null, body: CaptureBody): Promise<string> {
    let named: string | null = body.providerId ?? null;
    if (body.providerStripeAccountId) {
      const account = await m.getRepository(PaymentAccountEntity).findOne({ where: { stripeAccountId: body.providerStripeAccountId } });
      if (!account) throw PaymentsError.noStripeRecord();
      if (named !== null && named !== account.providerId) throw PaymentsError.providerMismatch();
      named = account.providerId;
    }
    const accepted = ref?.providerId ?? null;
    if (accepted !== null && named !== null && accepted !== named) throw PaymentsError.providerMismatch();
    const providerId = accepted ?? named;
    if (providerId === null) throw PaymentsError.providerRequired();
    return providerId;
  }

  private async view(auth: AuthorizationEntity, replaced: string | null): Promise<AuthorizationView> {
    return {
      authorizationId: auth.id,
      paymentIntentId: auth.paymentIntentId,
      status: auth.status,
      amount: auth.amountCents,
      requestId: auth.requestId,
      replacedPaymentIntentId: replaced,
      card: await this.cards.card(auth.paymentMethodId),
    };
  }

  private captureView(auth: AuthorizationEntity): CaptureView {
    return {
      paymentIntentId: auth.paymentIntentId,
      status: 'succeeded',
      amountCaptured: auth.capturedCents ?? 0,
      requestId: auth.requestId,
      providerId: auth.providerId ?? '',
    };
  }
}
