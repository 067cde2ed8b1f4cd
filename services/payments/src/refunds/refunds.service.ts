import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@tiredash/persistence';
import { OutboxService } from '@tiredash/messaging';
import {
  DomainError,
  REFUND_MESSAGES,
  RefundSucceeded,
  type Actor,
  type RefundBody,
  type RefundRefusal,
  type RefundView,
  type RequestPaymentsTimeline,
} from '@tiredash/contracts';
import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import { In, type DataSource, type EntityManager } from 'typeorm';
import { AuthorizationEntity } from '../authorizations/authorization.entity';
import { requireActor } from '../common/actor-rules';
import { DEFAULT_COMMISSION_PERCENT, dollars, providerShareCents } from '../common/money';
import { STRIPE } from '../common/payments-config.token';
import { stripeFailure, toDomainError } from '../common/stripe-client';
import { RequestRefEntity } from '../read-model/request-ref.entity';
import { TipEntity } from '../tips/tip.entity';
import { WalletEntryEntity } from '../wallet/wallet-entry.entity';
import { WalletService } from '../wallet/wallet.service';
import { RefundEntity } from './refund.entity';

const SCHEMA = 'payments';

function refusal(reason: RefundRefusal, message: string, details: Record<string, unknown> = {}): DomainError {
  return new DomainError('CONFLICT', message, { reason, ...details });
}

/**
 * Refunds of a job's captured card payment (issue 13 item 7), by an admin, fully or in parts.
 *
 * 1. The claim: in one transaction holding the captured authorisation FOR UPDATE, the amount is checked against what
 *    is left (captured minus the refunds not failed) and a `pending` refund row is written under the admin's
 *    `refundId`. A retried click with the same id finds the row (another amount or request under it is refused).
 * 2. Stripe: `refunds.create` keyed by `refund:<id>`, so a retry is Stripe's replay, never a second refund. A definite
 *    refusal marks the row failed (it no longer counts); no answer leaves it pending (a retry or the webhook ends it).
 * 3. The record: once Stripe says succeeded, the row is marked succeeded and the provider's share taken back from its
 *    wallet as a `refund_reversal` entry in one transaction, once: the row's status and the ledger's `(kind,
 *    reference)` key make a second call (the command's retry, `refund.*` / `charge.refunded` webhooks, their
 *    redeliveries) a no-op.
 *
 * The provider's share (see libs/contracts payments/refunds.ts): on the running total, so partial refunds add up to the
 * credit exactly: reversal = round(refundedTotal x credited / captured) - reversals so far.
 */
@Injectable()
export class RefundsService {
  private readonly logger = new Logger(RefundsService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(STRIPE) private readonly stripe: Stripe,
    private readonly outbox: OutboxService,
    private readonly wallet: WalletService,
  ) {}

  async refund(actor: Actor, requestId: string, body: RefundBody): Promise<RefundView> {
    const known = requireActor(actor);
    if (known.role !== 'admin') throw new DomainError('ROLE_NOT_ALLOWED', REFUND_MESSAGES.adminOnly);
    const { amount, refundId } = body.data;

    // 1. The claim, checked against the capture under its lock.
    const row = await this.dataSource.transaction(async (m) => {
      const ref = await m.getRepository(RequestRefEntity).findOne({ where: { requestId } });
      const auths = await m.getRepository(AuthorizationEntity).find({ where: { requestId } });
      if (!ref && auths.length === 0) throw new DomainError('NOT_FOUND', 'Service request not found');
      if (ref?.paymentMethod === 'cash') throw refusal('REFUND_CASH_JOB', REFUND_MESSAGES.cashJob);
      const captured = auths.find((a) => a.status === 'succeeded' && (a.capturedCents ?? 0) > 0 && a.providerId !== null);
      if (!captured) throw refusal('REFUND_NOT_CAPTURED', REFUND_MESSAGES.notCaptured);
      await m.getRepository(AuthorizationEntity).findOne({ where: { id: captured.id }, lock: { mode: 'pessimistic_write' } });
      const repo = m.getRepository(RefundEntity);
      const earlier = await repo.findOne({ where: { id: refundId } });
      if (earlier) {
        if (earlier.requestId !== requestId || earlier.amountCents !== amount) throw refusal('REFUND_ID_REUSED', REFUND_MESSAGES.idReused);
        return earlier;
      }
      const left = (captured.capturedCents ?? 0) - (await this.claimedCents(m, captured.id));
      if (left <= 0) throw refusal('REFUND_EXCEEDS_REMAINING', REFUND_MESSAGES.nothingLeft, { remaining: 0 });
      if (amount > left) throw refusal('REFUND_EXCEEDS_REMAINING', REFUND_MESSAGES.moreThanLeft(left), { remaining: dollars(left) });
      const created = repo.create({
        id: refundId,
        requestId,
        authorizationId: captured.id,
        paymentIntentId: captured.paymentIntentId,
        customerUserId: captured.customerUserId,
        providerId: captured.providerId as string,
        amountCents: amount,
        status: 'pending',
        stripeRefundId: null,
        providerReversalCents: null,
        disputeId: body.data.disputeId ?? null,
        adminUserId: known.userId,
        failureMessage: null,
      });
      await repo.insert(created);
      return created;
    });
    if (row.status === 'succeeded') return this.view(this.dataSource.manager, row);
    if (row.status === 'failed') throw refusal('REFUND_ID_REUSED', `This refund was refused by the card processor: ${row.failureMessage ?? 'failed'}`);

    // 2. Stripe, keyed by the refund.
    let refund: Stripe.Refund;
    try {
      refund = await this.stripe.refunds.create(
        { payment_intent: row.paymentIntentId, amount: row.amountCents, reason: 'requested_by_customer', metadata: { kind: 'job_refund', refundId: row.id, requestId } },
        { idempotencyKey: `refund:${row.id}` },
      );
    } catch (err) {
      const f = stripeFailure(err);
      if (f !== null && f.statusCode !== null && f.statusCode >= 400 && f.statusCode < 500 && f.statusCode !== 409 && f.statusCode !== 429) {
        await this.dataSource
          .getRepository(RefundEntity)
          .update({ id: row.id, status: 'pending' }, { status: 'failed', failureMessage: (f.message ?? 'refused').slice(0, 1000) });
      } else {
        this.logger.warn(`refund ${row.id} of request ${requestId}: no definite answer from Stripe; kept pending (a retry or the webhook finishes it)`);
      }
      throw toDomainError(err, 'The refund could not be made');
    }
    if (refund.status === 'failed' || refund.status === 'canceled') {
      await this.dataSource.getRepository(RefundEntity).update({ id: row.id, status: 'pending' }, { status: 'failed', failureMessage: refund.failure_reason ?? refund.status });
      throw toDomainError(null, 'The refund could not be made');
    }
    // 3. The record (a pending Stripe refund is recorded when its refund.updated webhook says succeeded).
    return this.dataSource.transaction(async (m) => {
      const settled = refund.status === 'succeeded' ? await this.settleIn(m, row.id, refund.id) : null;
      return this.view(m, settled ?? (await m.getRepository(RefundEntity).findOneByOrFail({ id: row.id })));
    });
  }

  /**
   * Stripe's `refund.created` / `refund.updated` (a refund) and `charge.refunded` (the charge with its refunds), in the
   * webhook's transaction: records each succeeded refund of ours that the command did not record (its answer was lost).
   */
  async settleFromWebhook(m: EntityManager, event: Stripe.Event): Promise<void> {
    const refunds: Stripe.Refund[] = [];
    if (event.type === 'charge.refunded') {
      const charge = event.data.object;
      refunds.push(...(charge.refunds?.data ?? []));
    } else if (event.type === 'refund.created' || event.type === 'refund.updated') {
      refunds.push(event.data.object);
    }
    for (const r of refunds) {
      const refundId = r.metadata?.['refundId'];
      if (r.metadata?.['kind'] !== 'job_refund' || !refundId || r.status !== 'succeeded') continue;
      await this.settleIn(m, refundId, r.id);
    }
  }

  /** Marks the refund succeeded and takes the provider's share back from its wallet, once. Answers the row. */
  private async settleIn(m: EntityManager, refundId: string, stripeRefundId: string): Promise<RefundEntity | null> {
    const repo = m.getRepository(RefundEntity);
    const row = await repo.findOne({ where: { id: refundId }, lock: { mode: 'pessimistic_write' } });
    if (!row) {
      this.logger.warn(`Stripe refund ${stripeRefundId} names refund ${refundId}, which payments does not know; not recorded`);
      return null;
    }
    if (row.status === 'succeeded') return row;
    const auth = await m.getRepository(AuthorizationEntity).findOneByOrFail({ id: row.authorizationId });
    const capturedCents = auth.capturedCents ?? 0;
    await this.wallet.lockAndBalance(m, row.providerId);
    const credited = await this.creditedCents(m, row.requestId, auth);
    const succeededBefore = await this.sumCents(m, `SELECT COALESCE(SUM("amount_cents"), 0)::text AS total FROM "${SCHEMA}"."refunds" WHERE "authorization_id" = $1 AND "status" = 'succeeded'`, [auth.id]);
    const reversedBefore = -(await this.sumCents(
      m,
      `SELECT COALESCE(SUM("amount_cents"), 0)::text AS total FROM "${SCHEMA}"."wallet_entries" WHERE "request_id" = $1 AND "kind" = 'refund_reversal'`,
      [row.requestId],
    ));
    const refundedTotal = succeededBefore + row.amountCents;
    const due = capturedCents > 0 ? Math.round((Math.min(refundedTotal, capturedCents) * credited) / capturedCents) : 0;
    const reversal = Math.max(0, Math.min(due, credited) - reversedBefore);
    row.status = 'succeeded';
    row.stripeRefundId = stripeRefundId;
    row.providerReversalCents = reversal;
    row.failureMessage = null;
    await repo.save(row);
    if (reversal > 0) {
      await m.query(
        `INSERT INTO "${SCHEMA}"."wallet_entries" ("id", "provider_id", "amount_cents", "kind", "reference", "service_type", "request_id", "gross_cents", "commission_percent")
         VALUES ($1, $2, $3, 'refund_reversal', $4, NULL, $5, $6, NULL) ON CONFLICT ("kind", "reference") DO NOTHING`,
        [randomUUID(), row.providerId, -reversal, `refund:${row.id}`, row.requestId, row.amountCents],
      );
    }
    await this.outbox.add(m, RefundSucceeded, {
      refundId: row.id,
      requestId: row.requestId,
      customerUserId: row.customerUserId,
      providerId: row.providerId,
      amountCents: row.amountCents,
      refundedTotalCents: refundedTotal,
      providerReversalCents: reversal,
      disputeId: row.disputeId,
      refundedAt: new Date().toISOString(),
    });
    this.logger.log(`refund ${row.id} of request ${row.requestId}: ${row.amountCents} cents to the customer, ${reversal} back from provider ${row.providerId}`);
    return row;
  }

  /**
   * What the capture credited the provider: its ledger credit for the request (a job or a cancellation / no-show fee,
   * never a tip), or, if that credit is not recorded yet, what it will be (the same rule the credit uses).
   */
  private async creditedCents(m: EntityManager, requestId: string, auth: AuthorizationEntity): Promise<number> {
    const rows: { total: string | null; n: string }[] = await m.query(
      `SELECT COALESCE(SUM("amount_cents"), 0)::text AS total, COUNT(*)::text AS n FROM "${SCHEMA}"."wallet_entries"
        WHERE "request_id" = $1 AND "amount_cents" > 0 AND "kind" NOT IN ('tip', 'withdrawal', 'withdrawal_reversal', 'refund_reversal')`,
      [requestId],
    );
    if (Number(rows[0]?.n ?? 0) > 0) return Number(rows[0]?.total ?? 0);
    const commission = auth.commissionPercent ?? DEFAULT_COMMISSION_PERCENT;
    const gross = auth.cancellationFeeCents ?? Math.max(0, (auth.capturedCents ?? 0) - auth.feeCents);
    return providerShareCents(gross, commission);
  }

  /** Cents claimed by refunds of an authorisation that did not fail (pending ones may still go through). */
  private claimedCents(m: EntityManager, authorizationId: string): Promise<number> {
    return this.sumCents(m, `SELECT COALESCE(SUM("amount_cents"), 0)::text AS total FROM "${SCHEMA}"."refunds" WHERE "authorization_id" = $1 AND "status" <> 'failed'`, [authorizationId]);
  }

  private async sumCents(m: EntityManager, sql: string, params: unknown[]): Promise<number> {
    const rows: { total: string | null }[] = await m.query(sql, params);
    return Number(rows[0]?.total ?? 0);
  }

  /** Refunded so far (succeeded refunds) of a request's capture, in cents: the customer's payment summary shows it. */
  async refundedCents(requestId: string): Promise<number> {
    return this.sumCents(this.dataSource.manager, `SELECT COALESCE(SUM("amount_cents"), 0)::text AS total FROM "${SCHEMA}"."refunds" WHERE "request_id" = $1 AND "status" = 'succeeded'`, [requestId]);
  }

  /** The money of a request for the admin's timeline. */
  async timeline(actor: Actor, requestId: string): Promise<RequestPaymentsTimeline> {
    const known = requireActor(actor);
    if (known.role !== 'admin') throw new DomainError('ROLE_NOT_ALLOWED', 'Only admins read a request\'s payments timeline');
    const m = this.dataSource.manager;
    const ref = await m.getRepository(RequestRefEntity).findOne({ where: { requestId } });
    const auths = await m.getRepository(AuthorizationEntity).find({ where: { requestId }, order: { createdAt: 'ASC' } });
    const captured = auths.find((a) => a.status === 'succeeded' && (a.capturedCents ?? 0) > 0);
    const tip = await m.getRepository(TipEntity).findOne({ where: { requestId } });
    const refundRows = await m.getRepository(RefundEntity).find({ where: { requestId }, order: { createdAt: 'ASC', id: 'ASC' } });
    const refunds = await Promise.all(refundRows.map((r) => this.view(m, r)));
    const refunded = refundRows.filter((r) => r.status === 'succeeded').reduce((s, r) => s + r.amountCents, 0);
    const claimed = refundRows.filter((r) => r.status !== 'failed').reduce((s, r) => s + r.amountCents, 0);
    const entries = await m.getRepository(WalletEntryEntity).find({ where: { requestId, kind: In(['job_credit', 'cancellation_credit', 'tip', 'refund_reversal']) }, order: { createdAt: 'ASC', id: 'ASC' } });
    const others: { kind: string; amount_cents: string; created_at: Date }[] = await m.query(
      `SELECT "kind", "amount_cents"::text, "created_at" FROM "${SCHEMA}"."wallet_entries" WHERE "request_id" = $1 AND "kind" NOT IN ('job_credit', 'cancellation_credit', 'tip', 'refund_reversal', 'withdrawal', 'withdrawal_reversal')`,
      [requestId],
    );
    const cash = ref?.paymentMethod === 'cash';
    return {
      requestId,
      paymentMethod: ref?.paymentMethod ?? (auths.length > 0 ? 'card' : null),
      holds: auths.map((a) => ({ paymentIntentId: a.paymentIntentId, amount: dollars(a.amountCents), status: a.status, createdAt: a.createdAt.toISOString(), updatedAt: a.updatedAt.toISOString() })),
      captured: captured ? dollars(captured.capturedCents ?? 0) : null,
      capturedAt: captured ? captured.updatedAt.toISOString() : null,
      cancellationFee: captured?.cancellationFeeCents != null ? dollars(captured.cancellationFeeCents) : null,
      tip: tip ? { amount: dollars(tip.amountCents), status: tip.status, createdAt: tip.createdAt.toISOString() } : null,
      refunds,
      refundedTotal: dollars(refunded),
      refundable: cash || !captured ? null : dollars(Math.max(0, (captured.capturedCents ?? 0) - claimed)),
      walletEntries: [
        ...entries.map((e) => ({ kind: e.kind, amount: dollars(e.amountCents), createdAt: e.createdAt.toISOString() })),
        ...others.map((e) => ({ kind: e.kind, amount: dollars(Number(e.amount_cents)), createdAt: new Date(e.created_at).toISOString() })),
      ],
    };
  }

  private async view(m: EntityManager, r: RefundEntity): Promise<RefundView> {
    const auth = await m.getRepository(AuthorizationEntity).findOneByOrFail({ id: r.authorizationId });
    const captured = auth.capturedCents ?? 0;
    const refunded = await this.sumCents(m, `SELECT COALESCE(SUM("amount_cents"), 0)::text AS total FROM "${SCHEMA}"."refunds" WHERE "authorization_id" = $1 AND "status" = 'succeeded'`, [auth.id]);
    const claimed = await this.claimedCents(m, auth.id);
    return {
      id: r.id,
      requestId: r.requestId,
      amount: dollars(r.amountCents),
      status: r.status,
      stripeRefundId: r.stripeRefundId,
      providerReversal: r.providerReversalCents === null ? null : dollars(r.providerReversalCents),
      captured: dollars(captured),
      refundedTotal: dollars(refunded),
      remaining: dollars(Math.max(0, captured - claimed)),
      createdAt: r.createdAt.toISOString(),
    };
  }
}
