import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@tiredash/persistence';
import { OutboxService } from '@tiredash/messaging';
import {
  PaymentAuthorized,
  PaymentCaptured,
  PaymentVoided,
  type Actor,
  type AuthorizationView,
  type AuthorizeBody,
  type CaptureBody,
  type CaptureView,
  type VoidView,
} from '@tiredash/contracts';
import type Stripe from 'stripe';
import type { DataSource, EntityManager } from 'typeorm';
import { PaymentAccountEntity } from '../accounts/payment-account.entity';
import { CardsService } from '../cards/cards.service';
import { isAdmin, requireActor, requireRole } from '../common/actor-rules';
import { CARD_FEE_CENTS } from '../common/money';
import { STRIPE } from '../common/payments-config.token';
import { PaymentsError } from '../common/payments-errors';
import { stripeFailure, toDomainError } from '../common/stripe-client';
import { RequestRefEntity } from '../read-model/request-ref.entity';
import { AuthorizationEntity } from './authorization.entity';

const ACTIVE = 'requires_capture';

/**
 * Card money of a request: authorise `(budget + 10) x 100` cents with manual capture, re-authorise when the
 * accepted amount differs, void on cancel, capture at confirmation. Every Stripe call carries an idempotency
 * key derived from the domain operation, so a retry never charges twice.
 */
@Injectable()
export class AuthorizationsService {
  private readonly logger = new Logger(AuthorizationsService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(STRIPE) private readonly stripe: Stripe,
    private readonly cards: CardsService,
    private readonly outbox: OutboxService,
  ) {}

  async authorize(actor: Actor, body: AuthorizeBody, clientKey?: string): Promise<AuthorizationView> {
    const known = requireRole(actor, 'customer');
    const repo = this.dataSource.getRepository(AuthorizationEntity);
    let previous: AuthorizationEntity | null = null;
    if (body.requestId) {
      const ref = await this.dataSource.getRepository(RequestRefEntity).findOne({ where: { requestId: body.requestId } });
      if (ref && ref.customerUserId !== known.userId) throw PaymentsError.notYourPayment();
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
    const { customerId, pm } = await this.cards.attachToCustomer(known.userId, body.email, body.paymentMethodId);
    if (body.saveCard) await this.cards.save(known.userId, pm, body.cardholderName);
    const pi = await this.createIntent(key, body.amount, customerId, pm.id, known.userId, body.requestId ?? null);
    const auth = await this.record(key, pi, known.userId, body.requestId ?? null, previous);
    if (previous) await this.voidOne(previous, 'replaced');
    return this.view(auth, previous?.paymentIntentId ?? null);
  }

  /**
   * Re-authorisation from the requests service's acceptance event: a new authorisation for the accepted
   * amount (+ fee) on the same card, replacing the old one. Nothing to do when the amounts are equal.
   */
  async reauthorizeForRequest(requestId: string, amountCents: number): Promise<AuthorizationEntity | null> {
    const repo = this.dataSource.getRepository(AuthorizationEntity);
    const previous = await repo.findOne({ where: { requestId, status: ACTIVE }, order: { createdAt: 'DESC' } });
    if (!previous || previous.amountCents === amountCents) return previous;
    const key = `reauthorize:${requestId}:${amountCents}`;
    const done = await repo.findOne({ where: { idempotencyKey: key } });
    if (done) return done;
    const customer = await this.stripe.paymentIntents.retrieve(previous.paymentIntentId);
    const customerId = typeof customer.customer === 'string' ? customer.customer : (customer.customer?.id ?? null);
    if (!customerId) throw new Error(`payment intent ${previous.paymentIntentId} has no customer`);
    const pi = await this.createIntent(key, amountCents, customerId, previous.paymentMethodId, previous.customerUserId, requestId);
    const auth = await this.record(key, pi, previous.customerUserId, requestId, previous);
    await this.voidOne(previous, 'replaced');
    return auth;
  }

  /** Links the customer's latest unlinked authorisation of exactly `(budget + 10) x 100` to a new card request. */
  async linkToRequest(manager: EntityManager, customerUserId: string, requestId: string, amountCents: number): Promise<AuthorizationEntity | null> {
    const repo = manager.getRepository(AuthorizationEntity);
    if (await repo.exists({ where: { requestId } })) return null;
    const candidate = await repo
      .createQueryBuilder('a')
      .where('a.customer_user_id = :customerUserId AND a.request_id IS NULL AND a.status = :status AND a.amount_cents = :amountCents', {
        customerUserId,
        status: ACTIVE,
        amountCents,
      })
      .andWhere(`a.created_at > now() - interval '1 day'`)
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

  async capture(actor: Actor, body: CaptureBody): Promise<CaptureView> {
    const known = requireActor(actor);
    return this.dataSource.transaction(async (m) => {
      const auth = await this.findForUpdate(m, body);
      if (!isAdmin(known) && auth.customerUserId !== known.userId) throw PaymentsError.notYourPayment();
      if (auth.status === 'canceled') throw PaymentsError.alreadyCanceled();
      const ref = auth.requestId ? await m.getRepository(RequestRefEntity).findOne({ where: { requestId: auth.requestId } }) : null;
      const providerId = await this.resolveProvider(m, ref, body);
      if (auth.status === 'succeeded') {
        // Already captured (a retried confirmation): the same answer, no second charge, no second event.
        if (auth.providerId !== providerId) throw PaymentsError.providerMismatch();
        return this.captureView(auth);
      }
      const jobCents = body.updatedAmount ?? ref?.acceptedAmountCents ?? null;
      const amount = jobCents === null ? auth.amountCents : jobCents + CARD_FEE_CENTS;
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
      await m.getRepository(AuthorizationEntity).save(auth);
      await this.outbox.add(m, PaymentCaptured, {
        authorizationId: auth.id,
        requestId: auth.requestId,
        paymentIntentId: auth.paymentIntentId,
        customerUserId: auth.customerUserId,
        providerId,
        amountCents: pi.amount_received,
        jobAmountCents: Math.max(0, pi.amount_received - CARD_FEE_CENTS),
        serviceType: body.serviceType ?? ref?.serviceType ?? null,
        capturedAt: new Date().toISOString(),
      });
      return this.captureView(auth);
    });
  }

  /** Voids the active authorisation of a request (or a payment intent): the customer, an admin, or the system (actor undefined). */
  async voidFor(actor: Actor | undefined, target: { requestId?: string; paymentIntentId?: string }, reason: string): Promise<VoidView[]> {
    const known = actor === undefined ? null : requireActor(actor);
    const repo = this.dataSource.getRepository(AuthorizationEntity);
    const rows = target.paymentIntentId
      ? await repo.find({ where: { paymentIntentId: target.paymentIntentId } })
      : target.requestId
        ? await repo.find({ where: { requestId: target.requestId, status: ACTIVE } })
        : [];
    if (target.paymentIntentId && rows.length === 0) throw PaymentsError.authorizationNotFound();
    const out: VoidView[] = [];
    for (const auth of rows) {
      if (known && !isAdmin(known) && auth.customerUserId !== known.userId) throw PaymentsError.notYourPayment();
      if (auth.status === 'succeeded') continue;
      await this.voidOne(auth, reason);
      out.push({ paymentIntentId: auth.paymentIntentId, status: 'canceled' });
    }
    return out;
  }

  private async voidOne(auth: AuthorizationEntity, reason: string): Promise<void> {
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

  private async record(
    key: string,
    pi: Stripe.PaymentIntent,
    customerUserId: string,
    requestId: string | null,
    previous: AuthorizationEntity | null,
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
        status: ACTIVE,
        capturedCents: null,
        providerId: null,
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
