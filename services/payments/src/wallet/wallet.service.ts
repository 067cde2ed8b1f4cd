import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@tiredash/persistence';
import { OutboxService } from '@tiredash/messaging';
import {
  WalletCredited,
  WithdrawalFailed,
  WithdrawalPaid,
  WithdrawalRequested,
  type Actor,
  type EarningsSummaryView,
  type EventPayload,
  type PaymentCaptured,
  type WalletTransactionView,
  type WithdrawBody,
  type WithdrawalView,
  minimumWithdrawalMessage,
} from '@tiredash/contracts';
import type Stripe from 'stripe';
import type { DataSource, EntityManager } from 'typeorm';
import { PaymentAccountEntity } from '../accounts/payment-account.entity';
import { requireActor } from '../common/actor-rules';
import { DEFAULT_COMMISSION_PERCENT, dollars, providerShareCents } from '../common/money';
import { STRIPE } from '../common/payments-config.token';
import { PaymentsError } from '../common/payments-errors';
import { stripeFailure } from '../common/stripe-client';
import { ProviderAccess } from '../read-model/provider-access.service';
import { ProviderRefEntity } from '../read-model/provider-ref.entity';
import { PlatformFeesService } from '../settings/platform-fees.service';
import { WalletEntryEntity, type WalletEntryKind } from './wallet-entry.entity';
import { WithdrawalEntity } from './withdrawal.entity';

const SCHEMA = 'payments';

/** What History shows for an entry without a service type. */
const ENTRY_LABELS: Record<WalletEntryKind, string> = {
  job_credit: 'Card payment',
  cancellation_credit: 'Cancellation fee',
  tip: 'Tip',
  withdrawal: 'Withdrawal',
  withdrawal_reversal: 'Withdrawal',
  refund_reversal: 'Refund',
};

/**
 * The provider's wallet: an append-only ledger whose sum is the balance. Every change first locks the
 * provider's `wallets` row (SELECT ... FOR UPDATE), so checks and writes of one provider never interleave.
 */
@Injectable()
export class WalletService {
  private readonly logger = new Logger(WalletService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(STRIPE) private readonly stripe: Stripe,
    private readonly outbox: OutboxService,
    private readonly providers: ProviderAccess,
    private readonly fees: PlatformFeesService,
  ) {}

  /** Locks the provider's ledger for the rest of the transaction and answers its balance in cents. */
  async lockAndBalance(m: EntityManager, providerId: string): Promise<number> {
    await m.query(`INSERT INTO "${SCHEMA}"."wallets" ("provider_id") VALUES ($1) ON CONFLICT DO NOTHING`, [providerId]);
    await m.query(`SELECT "provider_id" FROM "${SCHEMA}"."wallets" WHERE "provider_id" = $1 FOR UPDATE`, [providerId]);
    return this.balance(m, providerId);
  }

  async balance(m: EntityManager, providerId: string): Promise<number> {
    const rows: { total: string | null }[] = await m.query(
      `SELECT COALESCE(SUM("amount_cents"), 0)::text AS total FROM "${SCHEMA}"."wallet_entries" WHERE "provider_id" = $1`,
      [providerId],
    );
    return Number(rows[0]?.total ?? 0);
  }

  /**
   * (100 - commission)% of the job amount, with the commission the capture carries (the one in force when the
   * customer confirmed; 20% in older events), once per request (the `(kind, reference)` key), whatever the number
   * of deliveries. The gross and the commission are stored with the entry: what the provider is shown is never
   * recomputed from a later setting.
   */
  async creditCapture(m: EntityManager, e: EventPayload<typeof PaymentCaptured>): Promise<boolean> {
    const commissionPercent = e.commissionPercent ?? DEFAULT_COMMISSION_PERCENT;
    return this.credit(m, {
      kind: 'job_credit',
      reference: `request:${e.requestId ?? e.paymentIntentId}`,
      providerId: e.providerId,
      requestId: e.requestId,
      grossCents: e.jobAmountCents,
      commissionPercent,
      serviceType: e.serviceType,
      what: `capture ${e.paymentIntentId}`,
    });
  }

  /** The provider's share of a cancellation fee kept from the customer's card (once per request). */
  async creditCancellationFee(
    m: EntityManager,
    c: { providerId: string; requestId: string; feeCents: number; commissionPercent: number; serviceType: string | null },
  ): Promise<boolean> {
    return this.credit(m, {
      kind: 'cancellation_credit',
      reference: `cancellation:${c.requestId}`,
      providerId: c.providerId,
      requestId: c.requestId,
      grossCents: c.feeCents,
      commissionPercent: c.commissionPercent,
      serviceType: c.serviceType,
      what: `cancellation fee of request ${c.requestId}`,
    });
  }

  /**
   * A customer no-show's fee, credited like a job (a `job_credit`: the fee less the commission in force at the
   * no-show), once per request (its own reference).
   */
  async creditNoShowFee(
    m: EntityManager,
    c: { providerId: string; requestId: string; feeCents: number; commissionPercent: number; serviceType: string | null },
  ): Promise<boolean> {
    return this.credit(m, {
      kind: 'job_credit',
      reference: `no-show:${c.requestId}`,
      providerId: c.providerId,
      requestId: c.requestId,
      grossCents: c.feeCents,
      commissionPercent: c.commissionPercent,
      serviceType: c.serviceType,
      what: `no-show fee of request ${c.requestId}`,
    });
  }

  /** A card tip, 100% to the provider (no commission), once per request; called once the tip's payment succeeded. */
  async creditTip(m: EntityManager, t: { providerId: string; requestId: string; tipCents: number; serviceType: string | null }): Promise<boolean> {
    return this.credit(m, {
      kind: 'tip',
      reference: `tip:${t.requestId}`,
      providerId: t.providerId,
      requestId: t.requestId,
      grossCents: t.tipCents,
      commissionPercent: 0,
      serviceType: t.serviceType,
      what: `tip of request ${t.requestId}`,
    });
  }

  private async credit(
    m: EntityManager,
    c: {
      kind: 'job_credit' | 'cancellation_credit' | 'tip';
      reference: string;
      providerId: string;
      requestId: string | null;
      grossCents: number;
      commissionPercent: number;
      serviceType: string | null;
      what: string;
    },
  ): Promise<boolean> {
    const amount = providerShareCents(c.grossCents, c.commissionPercent);
    if (amount <= 0) return false;
    await this.lockAndBalance(m, c.providerId);
    const id = randomUUID();
    const inserted: unknown[] = await m.query(
      `INSERT INTO "${SCHEMA}"."wallet_entries" ("id", "provider_id", "amount_cents", "kind", "reference", "service_type", "request_id", "gross_cents", "commission_percent")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT ("kind", "reference") DO NOTHING RETURNING "id"`,
      [id, c.providerId, amount, c.kind, c.reference, c.serviceType, c.requestId, c.grossCents, c.commissionPercent],
    );
    if (inserted.length === 0) {
      this.logger.log(`${c.what} already credited; skipped`);
      return false;
    }
    await this.outbox.add(m, WalletCredited, {
      providerId: c.providerId,
      entryId: id,
      requestId: c.requestId,
      amountCents: amount,
      balanceCents: await this.balance(m, c.providerId),
    });
    return true;
  }

  async withdraw(actor: Actor, body: WithdrawBody): Promise<WithdrawalView> {
    const known = requireActor(actor);
    const account = await this.accountFor(actor, body.providerStripeAccountId, body.providerId);
    if (known.role === 'admin') throw PaymentsError.notYourProvider();
    // The minimum of the settings in force (the admin's System Settings; $5 by default).
    const { minWithdrawalCents } = await this.fees.current();
    if (body.amount < minWithdrawalCents) throw PaymentsError.minimumWithdrawal(minimumWithdrawalMessage(minWithdrawalCents / 100));
    // Only an approved provider with an active connected account withdraws.
    if (account.stripeAccountStatus !== 'active') throw PaymentsError.onboardingIncomplete();
    const ref = await this.dataSource.getRepository(ProviderRefEntity).findOne({ where: { providerId: account.providerId } });
    if (ref?.isApproved !== true) throw PaymentsError.providerNotApproved();

    // 1. Check and debit in one transaction holding the provider's ledger lock.
    const withdrawal = await this.dataSource.transaction(async (m) => {
      const balance = await this.lockAndBalance(m, account.providerId);
      if (body.amount > balance) throw PaymentsError.insufficientFunds();
      const w = m.getRepository(WithdrawalEntity).create({
        id: randomUUID(),
        providerId: account.providerId,
        stripeAccountId: account.stripeAccountId,
        amountCents: body.amount,
        status: 'pending',
        stripeTransferId: null,
        stripePayoutId: null,
        failureMessage: null,
      });
      await m.getRepository(WithdrawalEntity).insert(w);
      await m.getRepository(WalletEntryEntity).insert({
        id: randomUUID(),
        providerId: account.providerId,
        amountCents: -body.amount,
        kind: 'withdrawal',
        reference: `withdrawal:${w.id}`,
        serviceType: 'Withdrawal',
        requestId: null,
        withdrawalId: w.id,
      });
      await this.outbox.add(m, WithdrawalRequested, {
        withdrawalId: w.id,
        providerId: account.providerId,
        amountCents: body.amount,
        balanceCents: balance - body.amount,
      });
      return w;
    });

    // 2. Move the money: platform -> connected account -> bank. The withdrawal id keys both calls.
    const moved = await this.moveMoney(withdrawal, account.stripeAccountId);
    const balance = await this.balance(this.dataSource.manager, account.providerId);
    const amount = dollars(withdrawal.amountCents).toFixed(2);
    return {
      id: withdrawal.id,
      providerId: account.providerId,
      amount: dollars(withdrawal.amountCents),
      status: 'pending',
      ok: true,
      message:
        moved === 'sent'
          ? `$${amount} has been withdrawn from your wallet.`
          : `$${amount} has been withdrawn from your wallet. The transfer is being confirmed with the bank; it will show as paid once it is.`,
      balance: dollars(balance),
    };
  }

  /**
   * The transfer and the payout of a withdrawal, each keyed by the withdrawal (a repeat is Stripe's replay, never a
   * second transfer). A definite refusal (a 4xx answer) gives the money back; an ambiguous failure (no answer, a
   * timeout, a 5xx) leaves the withdrawal pending and the wallet debited, since the money may have left: the
   * reconciliation repeats the calls with the same keys until Stripe answers. Throws only on a definite refusal.
   */
  private async moveMoney(w: WithdrawalEntity, stripeAccountId: string): Promise<'sent' | 'unconfirmed'> {
    let transferId = w.stripeTransferId;
    try {
      if (!transferId) {
        const transfer = await this.stripe.transfers.create(
          {
            amount: w.amountCents,
            currency: 'usd',
            destination: stripeAccountId,
            transfer_group: `withdrawal_${w.id}`,
            metadata: { withdrawalId: w.id, providerId: w.providerId },
          },
          { idempotencyKey: `withdrawal:${w.id}:transfer` },
        );
        transferId = transfer.id;
        await this.dataSource.getRepository(WithdrawalEntity).update({ id: w.id }, { stripeTransferId: transfer.id });
      }
      if (!w.stripePayoutId) {
        const payout = await this.stripe.payouts.create(
          { amount: w.amountCents, currency: 'usd', metadata: { withdrawalId: w.id, providerId: w.providerId } },
          { idempotencyKey: `withdrawal:${w.id}:payout`, stripeAccount: stripeAccountId },
        );
        await this.dataSource.getRepository(WithdrawalEntity).update({ id: w.id }, { stripePayoutId: payout.id });
      }
      return 'sent';
    } catch (err) {
      const f = stripeFailure(err);
      const reason = f?.message ?? (err instanceof Error ? err.message : String(err));
      if (isAmbiguous(err)) {
        this.logger.warn(`withdrawal ${w.id} of provider ${w.providerId}: no definite answer from Stripe (${reason}); kept pending for reconciliation`);
        return 'unconfirmed';
      }
      this.logger.warn(`withdrawal ${w.id} of provider ${w.providerId} refused by Stripe: ${reason}`);
      await this.failWithdrawal(w.id, reason, transferId);
      throw PaymentsError.withdrawalFailed(w.id, reason);
    }
  }

  /**
   * Finishes the withdrawals whose transfer or payout got no definite answer (older than `minAgeSeconds`, so a
   * withdrawal still in flight is left alone), each under a session advisory lock (safe with replicas; the calls
   * write through other connections, so no row lock is held across them). Returns how many were settled.
   */
  async reconcileWithdrawals(minAgeSeconds: number): Promise<number> {
    const due: { id: string }[] = await this.dataSource.query(
      `SELECT "id" FROM "${SCHEMA}"."withdrawals"
        WHERE "status" = 'pending' AND ("stripe_transfer_id" IS NULL OR "stripe_payout_id" IS NULL)
          AND "created_at" < now() - make_interval(secs => $1)
        ORDER BY "created_at" LIMIT 50`,
      [minAgeSeconds],
    );
    let settled = 0;
    for (const { id } of due) {
      const runner = this.dataSource.createQueryRunner();
      await runner.connect();
      try {
        const [lock] = (await runner.query(`SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS ok`, [`withdrawal:${id}`])) as { ok: boolean }[];
        if (!lock?.ok) continue;
        try {
          const w = await this.dataSource.getRepository(WithdrawalEntity).findOneBy({ id });
          if (!w || w.status !== 'pending' || (w.stripeTransferId && w.stripePayoutId)) continue;
          const outcome = await this.moveMoney(w, w.stripeAccountId).catch(() => 'refused' as const);
          if (outcome !== 'unconfirmed') settled += 1;
        } finally {
          await runner.query(`SELECT pg_advisory_unlock(hashtextextended($1, 0))`, [`withdrawal:${id}`]);
        }
      } finally {
        await runner.release();
      }
    }
    return settled;
  }

  /**
   * A failed withdrawal gives its money back exactly once: the transfer (if any) is reversed, the withdrawal
   * marked failed and a reversal entry written (unique per withdrawal). Safe to call again.
   */
  async failWithdrawal(withdrawalId: string, reason: string, transferId: string | null): Promise<boolean> {
    const w = await this.dataSource.getRepository(WithdrawalEntity).findOne({ where: { id: withdrawalId } });
    if (!w || w.status === 'failed') return false;
    const tr = transferId ?? w.stripeTransferId;
    if (tr) {
      await this.stripe.transfers.createReversal(tr, { amount: w.amountCents, metadata: { withdrawalId } }, { idempotencyKey: `withdrawal:${withdrawalId}:reversal` });
    }
    return this.dataSource.transaction(async (m) => {
      await this.lockAndBalance(m, w.providerId);
      const res = await m
        .getRepository(WithdrawalEntity)
        .update({ id: withdrawalId, status: 'pending' }, { status: 'failed', failureMessage: reason.slice(0, 1000) });
      if (res.affected !== 1) return false;
      const inserted: unknown[] = await m.query(
        `INSERT INTO "${SCHEMA}"."wallet_entries" ("id", "provider_id", "amount_cents", "kind", "reference", "service_type", "withdrawal_id")
         VALUES ($1, $2, $3, 'withdrawal_reversal', $4, 'Withdrawal Failed', $5) ON CONFLICT ("kind", "reference") DO NOTHING RETURNING "id"`,
        [randomUUID(), w.providerId, w.amountCents, `withdrawal:${withdrawalId}`, withdrawalId],
      );
      if (inserted.length === 1) {
        await this.outbox.add(m, WithdrawalFailed, {
          withdrawalId,
          providerId: w.providerId,
          amountCents: w.amountCents,
          reason,
          balanceCents: await this.balance(m, w.providerId),
        });
      }
      return inserted.length === 1;
    });
  }

  async markPaid(m: EntityManager, withdrawalId: string): Promise<void> {
    const w = await m.getRepository(WithdrawalEntity).findOne({ where: { id: withdrawalId } });
    if (!w) return;
    const res = await m.getRepository(WithdrawalEntity).update({ id: withdrawalId, status: 'pending' }, { status: 'paid' });
    if (res.affected === 1) {
      await this.outbox.add(m, WithdrawalPaid, { withdrawalId, providerId: w.providerId, amountCents: w.amountCents });
    }
  }

  async summary(actor: Actor, providerStripeAccountId?: string, providerId?: string): Promise<EarningsSummaryView> {
    const id = await this.providerFor(actor, providerStripeAccountId, providerId);
    const m = this.dataSource.manager;
    // Earnings are what the provider earned: job and cancellation credits and tips (tips also apart, this month's).
    // One statement, so the balance and the earnings are read from one snapshot: two queries could straddle a credit's
    // commit and show it in the balance but not in the week's earnings.
    const earned = `"kind" IN ('job_credit', 'cancellation_credit', 'tip')`;
    const week = `"created_at" >= date_trunc('week', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`;
    const month = `"created_at" >= date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`;
    const rows: { total: string; week: string; month: string; month_tips: string }[] = await m.query(
      `SELECT
         COALESCE(SUM("amount_cents"), 0)::text AS total,
         COALESCE(SUM("amount_cents") FILTER (WHERE ${earned} AND ${week}), 0)::text AS week,
         COALESCE(SUM("amount_cents") FILTER (WHERE ${earned} AND ${month}), 0)::text AS month,
         COALESCE(SUM("amount_cents") FILTER (WHERE "kind" = 'tip' AND ${month}), 0)::text AS month_tips
       FROM "${SCHEMA}"."wallet_entries" WHERE "provider_id" = $1`,
      [id],
    );
    return {
      providerId: id,
      available: dollars(Number(rows[0]?.total ?? 0)),
      weekEarnings: dollars(Number(rows[0]?.week ?? 0)),
      monthEarnings: dollars(Number(rows[0]?.month ?? 0)),
      monthTips: dollars(Number(rows[0]?.month_tips ?? 0)),
    };
  }

  async transactions(actor: Actor, providerId: string): Promise<WalletTransactionView[]> {
    await this.providers.requireOwned(actor, providerId);
    const rows = await this.dataSource
      .getRepository(WalletEntryEntity)
      .find({ where: { providerId }, order: { createdAt: 'DESC', id: 'ASC' }, take: 500 });
    return rows.map((e) => ({
      id: e.id,
      serviceType: e.serviceType ?? ENTRY_LABELS[e.kind],
      createdAt: e.createdAt.toISOString(),
      amount: dollars(e.amountCents),
      kind: e.kind,
      grossAmount: e.grossCents === null ? null : dollars(e.grossCents),
      commissionPercent: e.commissionPercent,
      requestId: e.requestId,
      withdrawalId: e.withdrawalId,
    }));
  }

  private async providerFor(actor: Actor, stripeAccountId?: string, providerId?: string): Promise<string> {
    if (stripeAccountId) return (await this.accountFor(actor, stripeAccountId, providerId)).providerId;
    if (!providerId) throw PaymentsError.providerRequired();
    return (await this.providers.requireOwned(actor, providerId)).providerId;
  }

  /** The payment account named by its Stripe id (or the provider's), when the caller owns its provider. */
  private async accountFor(actor: Actor, stripeAccountId?: string, providerId?: string): Promise<PaymentAccountEntity> {
    const repo = this.dataSource.getRepository(PaymentAccountEntity);
    const account = stripeAccountId
      ? await repo.findOne({ where: { stripeAccountId } })
      : await repo.findOne({ where: { providerId } });
    if (!account) throw PaymentsError.noStripeRecord();
    if (providerId && account.providerId !== providerId) throw PaymentsError.notYourProvider();
    await this.providers.requireOwned(actor, account.providerId);
    return account;
  }
}

/** No definite answer: the call may have been carried out (connection lost, timeout, a 5xx, Stripe rate limit). */
function isAmbiguous(err: unknown): boolean {
  const f = stripeFailure(err);
  if (!f) return true;
  if (f.type === 'StripeConnectionError' || f.type === 'StripeAPIError') return true;
  return f.statusCode === null || f.statusCode >= 500 || f.statusCode === 429;
}
