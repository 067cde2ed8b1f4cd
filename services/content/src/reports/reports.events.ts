import { Injectable } from '@nestjs/common';
import { OnEvent, type EventContext } from '@tiredash/messaging';
import {
  CustomerNoShow,
  PaymentCaptured,
  PROVIDER_NO_SHOW_REASON,
  PLATFORM_FEE_RANGES,
  ProviderArrived,
  ProviderCreated,
  ProviderUpdated,
  RatingCreated,
  RequestAccepted,
  RequestCancelled,
  RequestConfirmed,
  RequestCreated,
  toCents,
  type EventPayload,
} from '@tiredash/contracts';
import type { EntityManager } from 'typeorm';

const T = '"content"."report_requests"';

type RequestColumns = Partial<{
  customer_id: string;
  provider_id: string;
  created_at: string;
  accepted_at: string;
  arrived_at: string;
  confirmed_at: string;
  cancelled_at: string;
  cancelled_by_role: string;
  provider_no_show: boolean;
  customer_no_show_at: string;
}>;

/**
 * Upserts one request's row with the columns an event knows. A column already set keeps its value (COALESCE: the
 * first delivery wins, a redelivery or a copy under a new event id writes the same thing), so events may come in any
 * order: a cancellation read before the creation leaves `created_at` for the creation to fill.
 */
export async function upsertReportRequest(m: EntityManager, requestId: string, cols: RequestColumns): Promise<void> {
  const names = Object.keys(cols) as Array<keyof RequestColumns>;
  const values = names.map((n) => cols[n]);
  const sets = names.map((n) =>
    n === 'provider_no_show' ? `"${n}" = ${T}."${n}" OR EXCLUDED."${n}"` : `"${n}" = COALESCE(${T}."${n}", EXCLUDED."${n}")`,
  );
  await m.query(
    `INSERT INTO ${T} ("request_id"${names.map((n) => `, "${n}"`).join('')})
     VALUES ($1${names.map((_, i) => `, $${i + 2}`).join('')})
     ON CONFLICT ("request_id") DO UPDATE SET ${sets.join(', ')}`,
    [requestId, ...values],
  );
}

/** Books revenue once per (kind, source): a second delivery of the same money changes nothing. */
export async function bookMoney(
  m: EntityManager,
  row: { kind: 'card' | 'cash' | 'no_show_fee'; sourceId: string; requestId: string | null; providerId: string | null; amountCents: number; commissionCents: number; at: string },
): Promise<void> {
  await m.query(
    `INSERT INTO "content"."report_money" ("kind", "source_id", "request_id", "provider_id", "amount_cents", "commission_cents", "booked_at")
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT ("kind", "source_id") DO NOTHING`,
    [row.kind, row.sourceId, row.requestId, row.providerId, row.amountCents, row.commissionCents, row.at],
  );
}

/**
 * The platform's part of a card capture: the card fee plus the commission of the job amount, as payments splits it
 * (the provider gets job - round(job x percent / 100)); events without a commission were decided with the default 20%.
 */
export function cardCommissionCents(p: EventPayload<typeof PaymentCaptured>): number {
  const percent = p.commissionPercent ?? PLATFORM_FEE_RANGES.walletFee.default;
  const fee = p.amountCents - p.jobAmountCents;
  return fee + Math.round((p.jobAmountCents * percent) / 100);
}

/**
 * The reports' read models (docs/reports.md), fed by requests', payments' and identity's events through durable
 * consumers. The inbox drops a redelivery of the same event id; the upserts make a copy under another id harmless.
 */
@Injectable()
export class ReportsEvents {
  @OnEvent(RequestCreated, { durable: 'content-reports-request-created' })
  async onCreated(p: EventPayload<typeof RequestCreated>, ctx: EventContext): Promise<void> {
    await upsertReportRequest(ctx.manager, p.requestId, { customer_id: p.customerId, created_at: p.request.createdAt });
  }

  @OnEvent(RequestAccepted, { durable: 'content-reports-request-accepted' })
  async onAccepted(p: EventPayload<typeof RequestAccepted>, ctx: EventContext): Promise<void> {
    await upsertReportRequest(ctx.manager, p.requestId, { customer_id: p.customerId, provider_id: p.providerId, accepted_at: p.acceptedAt });
  }

  @OnEvent(ProviderArrived, { durable: 'content-reports-request-arrived' })
  async onArrived(p: EventPayload<typeof ProviderArrived>, ctx: EventContext): Promise<void> {
    await upsertReportRequest(ctx.manager, p.requestId, { customer_id: p.customerId, provider_id: p.providerId, arrived_at: p.arrivedAt });
  }

  @OnEvent(RequestConfirmed, { durable: 'content-reports-request-confirmed' })
  async onConfirmed(p: EventPayload<typeof RequestConfirmed>, ctx: EventContext): Promise<void> {
    await upsertReportRequest(ctx.manager, p.requestId, { customer_id: p.customerId, provider_id: p.providerId, confirmed_at: p.confirmedAt });
    // A card job's revenue is its capture (PaymentCaptured); a cash job's is its amount, collected by the provider.
    if (p.paymentMethod === 'cash') {
      await bookMoney(ctx.manager, {
        kind: 'cash',
        sourceId: p.requestId,
        requestId: p.requestId,
        providerId: p.providerId,
        amountCents: toCents(p.amount),
        commissionCents: 0,
        at: p.confirmedAt,
      });
    }
  }

  @OnEvent(RequestCancelled, { durable: 'content-reports-request-cancelled' })
  async onCancelled(p: EventPayload<typeof RequestCancelled>, ctx: EventContext): Promise<void> {
    const role = p.cancelledByRole ?? (p.providerUserId !== null && p.cancelledBy === p.providerUserId ? 'provider' : 'customer');
    await upsertReportRequest(ctx.manager, p.requestId, {
      customer_id: p.customerId,
      ...(p.providerId ? { provider_id: p.providerId } : {}),
      cancelled_at: p.cancelledAt,
      cancelled_by_role: role,
      provider_no_show: p.reason === PROVIDER_NO_SHOW_REASON,
    });
  }

  /**
   * The provider marked the customer absent: a customer no-show, and for a card job its fee as revenue (the platform
   * keeps the commission in force, the rest is credited to the provider). A cash job is charged nothing.
   */
  @OnEvent(CustomerNoShow, { durable: 'content-reports-request-no-show' })
  async onCustomerNoShow(p: EventPayload<typeof CustomerNoShow>, ctx: EventContext): Promise<void> {
    await upsertReportRequest(ctx.manager, p.requestId, { customer_id: p.customerId, provider_id: p.providerId, customer_no_show_at: p.noShowAt });
    if (p.feeCents <= 0) return;
    const [settings] = (await ctx.manager.query(`SELECT "wallet_fee_percent" AS percent FROM "content"."settings" LIMIT 1`)) as { percent: number }[];
    const percent = settings?.percent ?? PLATFORM_FEE_RANGES.walletFee.default;
    await bookMoney(ctx.manager, {
      kind: 'no_show_fee',
      sourceId: p.requestId,
      requestId: p.requestId,
      providerId: p.providerId,
      amountCents: p.feeCents,
      commissionCents: Math.round((p.feeCents * percent) / 100),
      at: p.noShowAt,
    });
  }

  @OnEvent(PaymentCaptured, { durable: 'content-reports-payment-captured' })
  async onCaptured(p: EventPayload<typeof PaymentCaptured>, ctx: EventContext): Promise<void> {
    await bookMoney(ctx.manager, {
      kind: 'card',
      sourceId: p.authorizationId,
      requestId: p.requestId,
      providerId: p.providerId,
      amountCents: p.amountCents,
      commissionCents: cardCommissionCents(p),
      at: p.capturedAt,
    });
  }

  @OnEvent(RatingCreated, { durable: 'content-reports-rating-created' })
  async onRating(p: EventPayload<typeof RatingCreated>, ctx: EventContext): Promise<void> {
    await ctx.manager.query(
      `INSERT INTO "content"."report_ratings" ("rating_id", "provider_id", "rating", "created_at") VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
      [p.ratingId, p.providerId, p.rating, p.createdAt],
    );
  }

  @OnEvent(ProviderCreated, { durable: 'content-reports-provider-created' })
  async onProviderCreated(p: EventPayload<typeof ProviderCreated>, ctx: EventContext): Promise<void> {
    await this.providerName(ctx, p.providerId, p.businessName);
  }

  @OnEvent(ProviderUpdated, { durable: 'content-reports-provider-updated' })
  async onProviderUpdated(p: EventPayload<typeof ProviderUpdated>, ctx: EventContext): Promise<void> {
    await this.providerName(ctx, p.providerId, p.businessName);
  }

  /** The newest event's name wins (by the event's time): a late, older one does not overwrite it. */
  private async providerName(ctx: EventContext, providerId: string, businessName: string): Promise<void> {
    await ctx.manager.query(
      `INSERT INTO "content"."report_providers" ("provider_id", "business_name", "updated_at") VALUES ($1, $2, $3)
       ON CONFLICT ("provider_id") DO UPDATE SET "business_name" = EXCLUDED."business_name", "updated_at" = EXCLUDED."updated_at"
       WHERE "content"."report_providers"."updated_at" <= EXCLUDED."updated_at"`,
      [providerId, businessName, ctx.occurredAt],
    );
  }
}
