import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@tiredash/persistence';
import { OutboxService } from '@tiredash/messaging';
import {
  DomainError,
  SCHEDULED_HOLD_MESSAGES,
  SCHEDULED_HOLD_RULES,
  ScheduledHoldChanged,
  type Actor,
  type CardHoldView,
  type FixScheduledHoldBody,
  type SaveCardBody,
  type ScheduledHoldView,
} from '@tiredash/contracts';
import type Stripe from 'stripe';
import type { DataSource, EntityManager } from 'typeorm';
import { AuthorizationEntity } from '../authorizations/authorization.entity';
import { AuthorizationsService } from '../authorizations/authorizations.service';
import { CardsService, toSavedCardView } from '../cards/cards.service';
import { isAdmin, requireActor, requireRole } from '../common/actor-rules';
import { PAYMENTS_CONFIG, STRIPE } from '../common/payments-config.token';
import { PaymentsError } from '../common/payments-errors';
import { stripeFailure, toDomainError } from '../common/stripe-client';
import type { PaymentsConfig } from '../config';
import { ProviderRefEntity } from '../read-model/provider-ref.entity';
import { RequestRefEntity } from '../read-model/request-ref.entity';
import { PlatformFeesService } from '../settings/platform-fees.service';
import { PAYMENTS_CLOCK, type PaymentsClock } from './clock';
import { ScheduledHoldEntity } from './scheduled-hold.entity';

const ACTIVE = 'requires_capture';
const DAY_MS = 24 * 3600 * 1000;

/** What one pass of the sweeper did (logs and tests). */
export interface SweepResult {
  placed: number;
  renewed: number;
  failed: number;
  ended: number;
}

/**
 * Holds that survive scheduling (issue 13 item 3). A card request scheduled further out than a hold lasts is posted
 * with its card saved (a SetupIntent, usage off_session) instead of held; this service places the hold off-session
 * SCHEDULED_HOLD_AUTHORIZE_LEAD_HOURS before the job, for the amount payments derives (the accepted bid, else the
 * budget, plus the card fee kept with the saved card), renews a hold before it lapses (SCHEDULED_HOLD_RULES), and
 * when an off-session authorisation fails records why and tells both parties; the customer then gives a card while
 * present and the hold is placed at once. Every Stripe call is keyed by the plan and its attempt (`generation`), and a
 * pass locks each plan row (SKIP LOCKED), so replicas sweeping together neither double a hold nor wait on each other.
 */
@Injectable()
export class ScheduledHoldsService {
  private readonly logger = new Logger(ScheduledHoldsService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(STRIPE) private readonly stripe: Stripe,
    private readonly cards: CardsService,
    private readonly authorizations: AuthorizationsService,
    private readonly outbox: OutboxService,
    private readonly fees: PlatformFeesService,
    @Inject(PAYMENTS_CONFIG) private readonly config: PaymentsConfig,
    @Inject(PAYMENTS_CLOCK) private readonly clock: PaymentsClock,
  ) {}

  /**
   * The payment dialog of a card request scheduled far out: the card is saved for off-session use (no hold), for
   * `amount` = the budget plus the card fee in force (checked as the authorisation checks it). The request posted next
   * at that budget claims it (RequestCreated), as it would claim a hold.
   */
  async saveCard(actor: Actor, body: SaveCardBody, clientKey?: string): Promise<ScheduledHoldView> {
    const known = requireRole(actor, 'customer');
    const repo = this.dataSource.getRepository(ScheduledHoldEntity);
    const key = `save-card:${known.userId}:${clientKey ?? body.paymentMethodId}:${body.amount}`;
    const done = await repo.findOne({ where: { idempotencyKey: key } });
    if (done) return this.view(done, known.userId, true);
    const { cardFeeCents } = await this.fees.current();
    if (body.cardFee !== undefined && body.cardFee !== cardFeeCents) throw PaymentsError.cardFeeChanged(cardFeeCents);
    const budgetCents = body.amount - cardFeeCents;
    if (budgetCents <= 0) {
      throw new DomainError('VALIDATION_FAILED', 'The amount is the budget plus the card fee', [{ path: 'amount', message: 'More than the card fee' }]);
    }
    const { customerId, pm } = await this.cards.attachToCustomer(known.userId, body.email, body.paymentMethodId);
    if (body.saveCard) await this.cards.save(known.userId, pm, body.cardholderName);
    const si = await this.setup(customerId, pm.id, known.userId, `setup:${key}`);
    const plan = repo.create({
      id: randomUUID(),
      customerUserId: known.userId,
      requestId: null,
      stripeCustomerId: customerId,
      paymentMethodId: pm.id,
      setupIntentId: si.id,
      budgetCents,
      feeCents: cardFeeCents,
      scheduledTime: null,
      status: 'saved',
      generation: 0,
      authorizationId: null,
      authorizedAt: null,
      failureCode: null,
      failureMessage: null,
      version: 0,
      idempotencyKey: key,
    });
    await repo.createQueryBuilder().insert().values(plan).orIgnore().execute();
    return this.view(await repo.findOneByOrFail({ idempotencyKey: key }), known.userId, true);
  }

  /**
   * The posting and acceptance checks (CheckCardHold) when no hold covers the amount: a saved card covers the card
   * request about to be posted at its budget (unclaimed, within UNCLAIMED_AUTHORIZATION_SECONDS), and every bid of a
   * request it was linked to (payments places the hold for the accepted bid itself, ahead of the job).
   */
  async covers(customerUserId: string, jobCents: number, requestId?: string): Promise<CardHoldView | null> {
    const repo = this.dataSource.getRepository(ScheduledHoldEntity);
    const plan = requestId
      ? await repo.findOne({ where: { requestId, customerUserId } })
      : await repo
          .createQueryBuilder('p')
          .where('p.customer_user_id = :customerUserId AND p.request_id IS NULL AND p.status = :status AND p.budget_cents = :jobCents', {
            customerUserId,
            status: 'saved',
            jobCents,
          })
          .andWhere('p.created_at > now() - make_interval(secs => :ttl)', { ttl: this.config.unclaimedAuthorizationSeconds })
          .orderBy('p.created_at', 'DESC')
          .getOne();
    if (!plan || plan.status === 'ended') return null;
    return { covered: true, amountCents: null, requiredCents: jobCents + plan.feeCents };
  }

  /** A card request was posted: it claims the customer's latest unclaimed saved card at its budget, with its time. */
  async linkToRequest(m: EntityManager, customerUserId: string, requestId: string, budgetCents: number, scheduledTime: string | null): Promise<ScheduledHoldEntity | null> {
    const repo = m.getRepository(ScheduledHoldEntity);
    if (await repo.exists({ where: { requestId } })) return null;
    const plan = await repo
      .createQueryBuilder('p')
      .where('p.customer_user_id = :customerUserId AND p.request_id IS NULL AND p.status = :status AND p.budget_cents = :budgetCents', {
        customerUserId,
        status: 'saved',
        budgetCents,
      })
      .andWhere('p.created_at > now() - make_interval(secs => :ttl)', { ttl: this.config.unclaimedAuthorizationSeconds })
      .orderBy('p.created_at', 'DESC')
      .setLock('pessimistic_write')
      .getOne();
    if (!plan) return null;
    const at = scheduledTime ? new Date(scheduledTime) : null;
    await repo.update({ id: plan.id }, { requestId, scheduledTime: at && !Number.isNaN(at.getTime()) ? at : null });
    return plan;
  }

  /** The request's scheduled hold: its customer, the provider of its accepted bid, admins; status none when it has none. */
  async get(actor: Actor, requestId: string): Promise<ScheduledHoldView> {
    const known = requireActor(actor);
    const plan = await this.dataSource.getRepository(ScheduledHoldEntity).findOne({ where: { requestId } });
    const ref = await this.dataSource.getRepository(RequestRefEntity).findOne({ where: { requestId } });
    const owner = plan?.customerUserId ?? ref?.customerUserId ?? null;
    let full = isAdmin(known) || owner === known.userId;
    if (!full && owner !== null) {
      const provider = ref?.providerId ? await this.dataSource.getRepository(ProviderRefEntity).findOne({ where: { providerId: ref.providerId } }) : null;
      if (!provider || provider.userId !== known.userId) throw PaymentsError.notYourPayment();
    }
    if (owner === null) full = false;
    if (!plan) return { requestId, status: 'none', authorizeAt: null, authorizeCents: 0, heldCents: null, paymentIntentId: null, card: null, failure: null };
    return this.view(plan, known.userId, full);
  }

  /**
   * The customer fixes a failed off-session authorisation with a card (a new one, or the same one, now that they are
   * here): it is saved for later renewals (SetupIntent) and the hold is placed at once, on-session. A card that fails
   * again answers Stripe's message and leaves the plan failed.
   */
  async fix(actor: Actor, requestId: string, body: FixScheduledHoldBody): Promise<ScheduledHoldView> {
    const known = requireRole(actor, 'customer');
    const repo = this.dataSource.getRepository(ScheduledHoldEntity);
    const found = await repo.findOne({ where: { requestId } });
    const owner = found?.customerUserId ?? (await this.dataSource.getRepository(RequestRefEntity).findOne({ where: { requestId } }))?.customerUserId ?? null;
    if (owner !== null && owner !== known.userId) throw PaymentsError.notYourPayment();
    if (!found) throw new DomainError('NOT_FOUND', SCHEDULED_HOLD_MESSAGES.noPlan);
    if (found.status === 'held' || found.status === 'saved') throw new DomainError('CONFLICT', SCHEDULED_HOLD_MESSAGES.notFailed, { reason: 'HOLD_NOT_FAILED' });
    if (found.status === 'ended') throw new DomainError('CONFLICT', SCHEDULED_HOLD_MESSAGES.ended, { reason: 'REQUEST_NOT_ACTIVE' });
    const { customerId, pm } = await this.cards.attachToCustomer(known.userId, body.email, body.paymentMethodId);
    const answer = await this.dataSource.transaction(async (m): Promise<ScheduledHoldView | { failed: string }> => {
      const plan = await m.getRepository(ScheduledHoldEntity).findOne({ where: { id: found.id }, lock: { mode: 'pessimistic_write' } });
      if (!plan) throw new DomainError('NOT_FOUND', SCHEDULED_HOLD_MESSAGES.noPlan);
      // A retry after the hold was placed (the answer was lost): the same answer.
      if (plan.status === 'held' && plan.paymentMethodId === pm.id) return this.view(plan, known.userId, true);
      if (plan.status !== 'failed') throw new DomainError('CONFLICT', SCHEDULED_HOLD_MESSAGES.notFailed, { reason: 'HOLD_NOT_FAILED' });
      const ref = await m.getRepository(RequestRefEntity).findOne({ where: { requestId } });
      if (ref && (ref.status === 'Cancelled' || ref.status === 'Expired')) throw new DomainError('CONFLICT', SCHEDULED_HOLD_MESSAGES.ended, { reason: 'REQUEST_NOT_ACTIVE' });
      await this.setup(customerId, pm.id, known.userId, `setup:fix:${plan.id}:${plan.generation}:${pm.id}`);
      plan.stripeCustomerId = customerId;
      plan.paymentMethodId = pm.id;
      const outcome = await this.authorize(m, plan, ref, false);
      // A failure is committed with its event: the error is thrown after the transaction, which must not roll it back.
      if (outcome === 'failed') return { failed: plan.failureMessage ?? 'Your card was declined.' };
      return this.view(plan, known.userId, true);
    });
    if ('failed' in answer) throw new DomainError('BAD_REQUEST', answer.failed, { reason: 'HOLD_FAILED' });
    // The card that holds the job is set up for off-session use (renewals) and so among the customer's saved cards;
    // the view (built before it was saved) names it from the saved row.
    return { ...answer, card: toSavedCardView(await this.cards.save(known.userId, pm, body.cardholderName)) };
  }

  /** A capture that found no hold: when the request's scheduled hold is pending or failed, the refusal says so. */
  async explainMissingHold(err: unknown, requestId: string | undefined): Promise<never> {
    if (requestId && err instanceof DomainError && err.code === 'NOT_FOUND') {
      const plan = await this.dataSource.getRepository(ScheduledHoldEntity).findOne({ where: { requestId } });
      if (plan && plan.status !== 'ended') throw new DomainError('CONFLICT', SCHEDULED_HOLD_MESSAGES.holdPending, { reason: 'HOLD_PENDING', holdStatus: plan.status });
    }
    throw err;
  }

  /**
   * One pass: places the holds due (their job is SCHEDULED_HOLD_AUTHORIZE_LEAD_HOURS away or nearer), adopts a hold
   * placed otherwise (a re-authorisation at acceptance), renews holds SCHEDULED_HOLD_RULES.reauthorizeAfterDays old,
   * places again a hold that lapsed or was voided under a live job, and ends the plans of finished requests.
   */
  async sweep(limit = 50): Promise<SweepResult> {
    const now = await this.clock.now();
    const result: SweepResult = { placed: 0, renewed: 0, failed: 0, ended: 0 };
    const ids: { id: string }[] = await this.dataSource
      .getRepository(ScheduledHoldEntity)
      .createQueryBuilder('p')
      .select('p.id', 'id')
      .where(`p.request_id IS NOT NULL AND p.status IN ('saved', 'held', 'failed')`)
      .orderBy('p.scheduled_time', 'ASC', 'NULLS FIRST')
      .limit(limit)
      .getRawMany();
    for (const { id } of ids) {
      try {
        const outcome = await this.dataSource.transaction((m) => this.sweepOne(m, id, now));
        if (outcome) result[outcome] += 1;
      } catch (err) {
        this.logger.error(`scheduled hold ${id}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    return result;
  }

  private async sweepOne(m: EntityManager, id: string, now: Date): Promise<keyof SweepResult | null> {
    const plan = await m
      .getRepository(ScheduledHoldEntity)
      .createQueryBuilder('p')
      .where('p.id = :id', { id })
      .setLock('pessimistic_write')
      .setOnLocked('skip_locked')
      .getOne();
    if (!plan || plan.requestId === null || plan.status === 'ended') return null;
    const requestId = plan.requestId;
    const ref = await m.getRepository(RequestRefEntity).findOne({ where: { requestId } });
    if (!ref) return null;
    const captured = await m.getRepository(AuthorizationEntity).exists({ where: { requestId, status: 'succeeded' } });
    if (captured || ref.status === 'Cancelled' || ref.status === 'Expired') {
      plan.status = 'ended';
      await m.getRepository(ScheduledHoldEntity).save(plan);
      return 'ended';
    }
    // A failed authorisation waits for the customer (the fix places the hold).
    if (plan.status === 'failed') return null;
    const live = await m.getRepository(AuthorizationEntity).findOne({ where: { requestId, status: ACTIVE }, order: { createdAt: 'DESC' } });
    if (live && live.id !== plan.authorizationId) {
      // A hold placed otherwise (the re-authorisation at acceptance, or a fix): this plan keeps it alive from now on.
      const pi = await this.stripe.paymentIntents.retrieve(live.paymentIntentId);
      plan.status = 'held';
      plan.authorizationId = live.id;
      plan.authorizedAt = new Date(pi.created * 1000);
      await m.getRepository(ScheduledHoldEntity).save(plan);
      return null;
    }
    if (live) {
      const age = now.getTime() - (plan.authorizedAt?.getTime() ?? now.getTime());
      if (age < SCHEDULED_HOLD_RULES.reauthorizeAfterDays * DAY_MS) return null;
      return (await this.authorize(m, plan, ref, true, live)) === 'held' ? 'renewed' : 'failed';
    }
    // No live hold: due once the job is the lead time away (a hold that lapsed or was voided: at once).
    const due = plan.scheduledTime === null || plan.status === 'held' || plan.scheduledTime.getTime() - this.config.scheduledHoldAuthorizeLeadHours * 3600 * 1000 <= now.getTime();
    if (!due) return null;
    return (await this.authorize(m, plan, ref, true)) === 'held' ? 'placed' : 'failed';
  }

  /**
   * Authorises the plan's card for the amount payments derives, manual capture, off-session when the customer is not
   * there; records the hold as any authorisation (PaymentAuthorized) and voids the one it replaces. A card failure
   * marks the plan failed and moves its attempt on (the next one is a new Stripe call, not a replay); both outcomes
   * are told to the parties (ScheduledHoldChanged) in the caller's transaction.
   */
  private async authorize(m: EntityManager, plan: ScheduledHoldEntity, ref: RequestRefEntity | null, offSession: boolean, previous?: AuthorizationEntity): Promise<'held' | 'failed'> {
    const requestId = plan.requestId as string;
    const amount = (ref?.acceptedAmountCents ?? plan.budgetCents) + plan.feeCents;
    const key = `scheduled-hold:${plan.id}:${plan.generation}:${amount}:${plan.paymentMethodId}`;
    let pi: Stripe.PaymentIntent;
    try {
      pi = await this.stripe.paymentIntents.create(
        {
          amount,
          currency: 'usd',
          customer: plan.stripeCustomerId,
          payment_method: plan.paymentMethodId,
          capture_method: 'manual',
          confirm: true,
          ...(offSession ? { off_session: true } : {}),
          metadata: { customerUserId: plan.customerUserId, requestId, scheduledHoldId: plan.id },
        },
        { idempotencyKey: key },
      );
    } catch (err) {
      const f = stripeFailure(err);
      if (!f || f.type !== 'StripeCardError') throw toDomainError(err, 'Authorization failed');
      plan.status = 'failed';
      plan.generation += 1;
      plan.failureCode = f.code ?? 'card_declined';
      plan.failureMessage = f.message.slice(0, 300);
      await this.changed(m, plan, ref);
      this.logger.warn(`scheduled hold ${plan.id} (request ${requestId}): ${offSession ? 'off-session ' : ''}authorisation failed: ${f.code ?? ''} ${f.message}`);
      return 'failed';
    }
    if (pi.status !== 'requires_capture') throw toDomainError(null, 'Authorization failed');
    const auth = await this.authorizations.record(key, pi, plan.customerUserId, requestId, previous ?? null, plan.feeCents);
    if (previous) await this.authorizations.voidOne(previous, 'replaced');
    plan.status = 'held';
    plan.generation += 1;
    plan.authorizationId = auth.id;
    plan.authorizedAt = new Date(pi.created * 1000);
    plan.failureCode = null;
    plan.failureMessage = null;
    await this.changed(m, plan, ref);
    return 'held';
  }

  private async changed(m: EntityManager, plan: ScheduledHoldEntity, ref: RequestRefEntity | null): Promise<void> {
    plan.version += 1;
    await m.getRepository(ScheduledHoldEntity).save(plan);
    await this.outbox.add(m, ScheduledHoldChanged, {
      planId: plan.id,
      requestId: plan.requestId as string,
      customerUserId: plan.customerUserId,
      providerId: ref?.providerId ?? null,
      status: plan.status,
      failureCode: plan.failureCode,
      version: plan.version,
    });
  }

  private async setup(customerId: string, paymentMethodId: string, customerUserId: string, key: string): Promise<Stripe.SetupIntent> {
    let si: Stripe.SetupIntent;
    try {
      si = await this.stripe.setupIntents.create(
        { customer: customerId, payment_method: paymentMethodId, usage: 'off_session', confirm: true, metadata: { customerUserId } },
        { idempotencyKey: key },
      );
    } catch (err) {
      throw toDomainError(err, 'Your card could not be saved');
    }
    if (si.status !== 'succeeded') throw toDomainError(null, 'Your card could not be saved');
    return si;
  }

  private async view(plan: ScheduledHoldEntity, _viewerUserId: string, full: boolean): Promise<ScheduledHoldView> {
    const live =
      plan.status === 'held' && plan.authorizationId
        ? await this.dataSource.getRepository(AuthorizationEntity).findOne({ where: { id: plan.authorizationId } })
        : null;
    const ref = plan.requestId ? await this.dataSource.getRepository(RequestRefEntity).findOne({ where: { requestId: plan.requestId } }) : null;
    const authorizeCents = (ref?.acceptedAmountCents ?? plan.budgetCents) + plan.feeCents;
    const authorizeAt = plan.scheduledTime ? new Date(plan.scheduledTime.getTime() - this.config.scheduledHoldAuthorizeLeadHours * 3600 * 1000).toISOString() : null;
    return {
      requestId: plan.requestId,
      status: plan.status,
      authorizeAt,
      authorizeCents,
      heldCents: live && live.status === ACTIVE ? live.amountCents : null,
      paymentIntentId: full && live && live.status === ACTIVE ? live.paymentIntentId : null,
      card: full ? await this.cards.card(plan.paymentMethodId) : null,
      failure: plan.status === 'failed' && plan.failureCode ? { code: plan.failureCode, message: full ? plan.failureMessage : null } : null,
    };
  }
}
