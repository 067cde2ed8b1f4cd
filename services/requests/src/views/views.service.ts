import { Inject, Injectable } from '@nestjs/common';
import { LIMITS, type BidProviderView, type BidSnapshot, type BidView, type RequestOfferView, type ServiceRequestView } from '@tiredash/contracts';
import { In, type EntityManager } from 'typeorm';
import { BidEntity } from '../bids/entities/bid.entity';
import { toDollars } from '../common/money';
import { REQUESTS_CONFIG } from '../common/requests-config.module';
import type { RequestsConfig } from '../config';
import { ServiceRequestEntity } from '../service-requests/entities/service-request.entity';
import { extrasOf } from '../extras/extra-views';
import type { Viewer } from './viewer';

/** The columns of a provider card (provider_profiles joined with provider_stats). */
export interface ProviderCardRow {
  id: string;
  business_name: string;
  full_name: string | null;
  phone: string;
  total_jobs: number;
  rating: number | null;
  no_shows?: number;
}

/** The SELECT list of a provider card, for `p` = provider_profiles and `st` = provider_stats (LEFT JOIN). */
export const PROVIDER_CARD_COLUMNS = `p."business_name", p."full_name", p."phone",
  COALESCE(st."total_jobs", 0)::int AS "total_jobs", COALESCE(st."no_shows", 0)::int AS "no_shows",
  CASE WHEN st."rating_count" > 0 THEN round(st."rating_sum"::numeric / st."rating_count", 1)::float8 END AS "rating"`;

/**
 * responseTime is the median over the provider's most recent bids: bounded work per bid (ix_bids_provider,
 * newest first) instead of a sort of its whole history, which made every bid slower as a busy provider's
 * history grew (bench/bidding-burst.mjs: 600 bids per provider in a minute).
 */
export const RESPONSE_TIME_BIDS = 50;

/**
 * How long a provider's computed median response time is reused. It was computed on every read of a bid list
 * (10 bids: 10 medians over 50 bids each, 13 ms of PostgreSQL per GET /api/bids, more than inserting a bid);
 * a typical response time of the last 50 bids barely moves within a minute.
 */
export const RESPONSE_TIME_CACHE_MS = 60_000;
const RESPONSE_TIME_CACHE_MAX = 20_000;

/** '45 sec', '3 min', '1 h 5 min' from seconds. */
export function formatResponseTime(seconds: number): string {
  if (seconds < 60) return `${Math.max(1, Math.round(seconds))} sec`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

const round2 = (n: number): number => Math.round(n * 100) / 100;

/** A provider missing from the read model (not expected: bids come from known providers). */
export function unknownProvider(id: string): BidProviderView {
  return { id, documentId: id, businessName: 'Provider', fullName: null, phone: null, rating: null, totalJobs: 0, responseTime: null };
}

/** A provider card from its row and its median response seconds (null: no bid yet). */
export function providerCard(r: ProviderCardRow, responseSeconds: number | null): BidProviderView {
  return {
    id: r.id,
    documentId: r.id,
    businessName: r.business_name,
    fullName: r.full_name,
    phone: r.phone,
    rating: r.rating === null ? null : Number(r.rating),
    totalJobs: Number(r.total_jobs),
    responseTime: responseSeconds === null ? null : formatResponseTime(responseSeconds),
    noShows: Number(r.no_shows ?? 0),
  };
}

/** The card of a provider from a providerCards() answer. */
export function cardFor(cards: Map<string, BidProviderView>, id: string): BidProviderView {
  return cards.get(id) ?? unknownProvider(id);
}

/** The request as an offered provider sees it (`new_request`). */
export function toOfferView(r: ServiceRequestEntity): RequestOfferView {
  return {
    requestId: r.id,
    documentId: r.id,
    serviceType: r.serviceType,
    tireSize: r.tireSize,
    tireBrand: r.tireBrand,
    tireStatus: r.tireStatus,
    address: r.address,
    lat: r.lat,
    lng: r.lng,
    budget: toDollars(r.budgetCents),
    priority: r.priority,
    scheduledTime: r.scheduledTime ? r.scheduledTime.toISOString() : null,
    description: r.description,
    paymentMethod: r.paymentMethod,
    customer: { documentId: r.customerId, fullName: r.customerFullName },
    createdAt: r.createdAt.toISOString(),
  };
}

/** Builds the API views of requests and bids for a viewer (sealed bids, private customer phone). */
@Injectable()
export class ViewsService {
  constructor(@Inject(REQUESTS_CONFIG) private readonly config: RequestsConfig) {}

  /** providerId -> median response seconds and when it was computed (only providers with bids are kept). */
  private readonly responseTimes = new Map<string, { seconds: number; at: number }>();

  /**
   * Provider cards from the read model: name, totalJobs and rating (average, 1 decimal; null before the first
   * rating) from provider_stats (kept current by confirmations and ratings), and responseTime (median time
   * from being offered a request to bidding on it, over its RESPONSE_TIME_BIDS most recent bids).
   */
  async providerCards(manager: EntityManager, ids: string[]): Promise<Map<string, BidProviderView>> {
    const unique = [...new Set(ids)];
    const out = new Map<string, BidProviderView>();
    if (unique.length === 0) return out;
    const rows: ProviderCardRow[] = await manager.query(
      `SELECT p."id", ${PROVIDER_CARD_COLUMNS}
         FROM "requests"."provider_profiles" p LEFT JOIN "requests"."provider_stats" st ON st."provider_id" = p."id"
        WHERE p."id" = ANY($1::uuid[])`,
      [unique],
    );
    const seconds = await this.responseSeconds(manager, unique);
    for (const r of rows) out.set(r.id, providerCard(r, seconds.get(r.id) ?? null));
    for (const id of unique) {
      if (!out.has(id)) out.set(id, unknownProvider(id));
    }
    return out;
  }

  /**
   * Median response seconds of each provider (absent: no bid yet), from the cache while younger than
   * RESPONSE_TIME_CACHE_MS, the others computed in one query and cached.
   */
  async responseSeconds(manager: EntityManager, ids: string[]): Promise<Map<string, number>> {
    const now = Date.now();
    const out = new Map<string, number>();
    const missing: string[] = [];
    for (const id of ids) {
      const hit = this.responseTimes.get(id);
      if (hit && now - hit.at < RESPONSE_TIME_CACHE_MS) out.set(id, hit.seconds);
      else missing.push(id);
    }
    if (missing.length === 0) return out;
    const rows: { id: string; s: number | null }[] = await manager.query(
      `SELECT p."id", (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY x."s") FROM (
            SELECT extract(epoch FROM b."submitted_at" - o."offered_at") AS "s"
              FROM "requests"."bids" b JOIN "requests"."offers" o ON o."request_id" = b."request_id" AND o."provider_id" = b."provider_id"
             WHERE b."provider_id" = p."id" ORDER BY b."submitted_at" DESC LIMIT ${RESPONSE_TIME_BIDS}) x) AS "s"
         FROM unnest($1::uuid[]) AS p("id")`,
      [missing],
    );
    for (const r of rows) {
      if (r.s === null) continue;
      const value = Number(r.s);
      out.set(r.id, value);
      if (this.responseTimes.size >= RESPONSE_TIME_CACHE_MAX) {
        const oldest = this.responseTimes.keys().next().value;
        if (oldest !== undefined) this.responseTimes.delete(oldest);
      }
      this.responseTimes.delete(r.id);
      this.responseTimes.set(r.id, { seconds: value, at: now });
    }
    return out;
  }

  bidView(b: BidEntity, provider: BidProviderView): BidView {
    return {
      id: b.id,
      documentId: b.id,
      bidId: b.id,
      requestId: b.requestId,
      provider,
      amount: toDollars(b.amountCents),
      estimatedArrival: String(b.estimatedArrivalMinutes),
      notes: b.notes,
      message: b.message,
      bidStatus: b.status,
      status: b.status,
      location: b.lat !== null && b.lng !== null ? { lat: b.lat, lng: b.lng } : null,
      distance: b.distanceMiles === null ? null : round2(b.distanceMiles),
      submittedAt: b.submittedAt.toISOString(),
      expiresAt: b.expiresAt.toISOString(),
      countdown: LIMITS.bidDisplayCountdownSeconds,
      createdAt: b.createdAt.toISOString(),
      updatedAt: b.updatedAt.toISOString(),
    };
  }

  bidSnapshot(b: BidEntity, provider: BidProviderView): BidSnapshot {
    return {
      bidId: b.id,
      documentId: b.id,
      requestId: b.requestId,
      providerId: b.providerId,
      provider: {
        documentId: provider.documentId,
        businessName: provider.businessName,
        fullName: provider.fullName,
        rating: provider.rating,
        totalJobs: provider.totalJobs,
        responseTime: provider.responseTime,
      },
      amount: toDollars(b.amountCents),
      estimatedArrival: String(b.estimatedArrivalMinutes),
      notes: b.notes,
      message: b.message,
      bidStatus: 'pending',
      location: b.lat !== null && b.lng !== null ? { lat: b.lat, lng: b.lng } : null,
      distance: b.distanceMiles === null ? null : round2(b.distanceMiles),
      submittedAt: b.submittedAt.toISOString(),
      expiresAt: b.expiresAt.toISOString(),
      countdown: LIMITS.bidDisplayCountdownSeconds,
    };
  }

  offerView(r: ServiceRequestEntity): RequestOfferView {
    return toOfferView(r);
  }

  /** Bids visible to the viewer: the customer and admins see all, a provider only its own. Replaced bids are history. */
  async bidsFor(manager: EntityManager, requestIds: string[], viewer: Viewer): Promise<BidEntity[]> {
    if (requestIds.length === 0) return [];
    const where =
      viewer.kind === 'provider' ? { requestId: In(requestIds), providerId: viewer.providerId } : { requestId: In(requestIds) };
    const bids = await manager.getRepository(BidEntity).find({ where, order: { submittedAt: 'DESC' } });
    return bids.filter((b) => b.status !== 'replaced');
  }

  async requestViews(manager: EntityManager, rows: ServiceRequestEntity[], viewer: Viewer): Promise<ServiceRequestView[]> {
    const ids = rows.map((r) => r.id);
    // Outside a transaction the independent reads go at once, each on a connection of its own (a view took six
    // round trips one after another); inside one they share its connection, so they go in turn.
    const together = <A, B, C, D>(a: () => Promise<A>, b: () => Promise<B>, c: () => Promise<C>, d: () => Promise<D>): Promise<[A, B, C, D]> =>
      manager.queryRunner ? inTurn(a, b, c, d) : Promise.all([a(), b(), c(), d()]);
    const [bids, ratings, extras, asked] = await together(
      () => this.bidsFor(manager, ids, viewer),
      () => this.ratingsOf(manager, ids),
      () => extrasOf(manager, ids),
      () => (viewer.kind === 'provider' ? Promise.resolve(new Map<string, number>()) : this.providersAskedOf(manager, ids)),
    );
    const acceptedIds = rows.map((r) => r.acceptedBidId).filter((id): id is string => id !== null);
    const missingAccepted = acceptedIds.filter((id) => !bids.some((b) => b.id === id));
    const accepted = missingAccepted.length > 0 ? await manager.getRepository(BidEntity).findBy({ id: In(missingAccepted) }) : [];
    const all = [...bids, ...accepted];
    const cards = await this.providerCards(manager, [
      ...all.map((b) => b.providerId),
      ...rows.map((r) => r.providerId).filter((id): id is string => id !== null),
    ]);
    const card = (id: string): BidProviderView => cardFor(cards, id);
    return rows.map((r) => {
      const mine = bids.filter((b) => b.requestId === r.id).map((b) => this.bidView(b, card(b.providerId)));
      const acceptedBid = r.acceptedBidId ? all.find((b) => b.id === r.acceptedBidId) : undefined;
      const isJobProvider = viewer.kind === 'provider' && r.providerId !== null && r.providerId === viewer.providerId;
      const seesPhone = viewer.kind !== 'provider' || isJobProvider;
      // Sealed bids: another provider's accepted price is never shown to a provider.
      const seesAcceptance = viewer.kind !== 'provider' || isJobProvider;
      return {
        id: r.id,
        documentId: r.id,
        serviceType: r.serviceType,
        tireSize: r.tireSize,
        tireBrand: r.tireBrand,
        tireStatus: r.tireStatus,
        status: r.clientStatus ?? r.tireStatus,
        address: r.address,
        lat: r.lat,
        lng: r.lng,
        location: { address: r.address, lat: r.lat, lng: r.lng },
        description: r.description,
        notes: r.notes,
        budget: toDollars(r.budgetCents),
        priority: r.priority,
        urgency: r.urgency,
        scheduledTime: r.scheduledTime ? r.scheduledTime.toISOString() : null,
        photos: r.photos.map((id) => ({ id, url: null })),
        paymentMethod: r.paymentMethod,
        customer: {
          id: r.customerId,
          documentId: r.customerId,
          fullName: r.customerFullName,
          phone: seesPhone ? r.customerPhone : null,
        },
        amount: r.amountCents === null || !seesAcceptance ? null : toDollars(r.amountCents),
        provider: r.providerId && seesAcceptance ? card(r.providerId) : null,
        bids: mine,
        accepted_bid: acceptedBid && seesAcceptance ? this.bidView(acceptedBid, card(acceptedBid.providerId)) : null,
        rating: ratings.get(r.id) ?? null,
        // The job's own parties and admins see its extras; a provider that only bid on it does not.
        extras: viewer.kind === 'provider' && !isJobProvider ? [] : (extras.get(r.id) ?? []),
        biddingWindowSeconds: this.config.biddingWindowSeconds,
        providersAsked: viewer.kind === 'provider' ? null : (asked.get(r.id) ?? 0),
        expiresAt: r.tireStatus === 'Bids Open' ? r.expiresAt.toISOString() : null,
        cancelledByRole: r.tireStatus === 'Cancelled' ? r.cancelledByRole : null,
        cancelReason: r.tireStatus === 'Cancelled' ? r.cancelReason : null,
        acceptedAt: r.acceptedAt ? r.acceptedAt.toISOString() : null,
        cancelledAt: r.cancelledAt ? r.cancelledAt.toISOString() : null,
        arrivedAt: r.arrivedAt ? r.arrivedAt.toISOString() : null,
        completedAt: r.completionReportedAt ? r.completionReportedAt.toISOString() : null,
        confirmedAt: r.confirmedAt ? r.confirmedAt.toISOString() : null,
        ...this.noShowFields(r, acceptedBid, viewer.kind === 'admin' || isJobProvider),
        createdAt: r.createdAt.toISOString(),
        updatedAt: r.updatedAt.toISOString(),
      };
    });
  }

  /**
   * The no-show times and facts of a request: from when the provider may mark the customer absent, from when the
   * customer may cancel free (the provider is late: acceptance + the bid's ETA + the grace), the no-show's time and
   * fee, and (provider and admins) the distance and override reason of the arrival.
   */
  private noShowFields(r: ServiceRequestEntity, acceptedBid: BidEntity | undefined, seesArrival: boolean): Partial<ServiceRequestView> {
    const minutes = (n: number): number => n * 60_000;
    const waiting = r.tireStatus === 'In Progress' && r.arrivedAt !== null && r.completionReportedAt === null;
    const late = r.tireStatus === 'Accepted' && r.acceptedAt !== null && acceptedBid !== undefined;
    return {
      arrivalDistanceMeters: seesArrival ? r.arrivalDistanceMeters : null,
      arrivalOverrideReason: seesArrival ? r.arrivalOverrideReason : null,
      noShowWaitEndsAt: waiting ? new Date((r.arrivedAt as Date).getTime() + minutes(this.config.noShowWaitMinutes)).toISOString() : null,
      noShowWaitMinutes: this.config.noShowWaitMinutes,
      providerLateAt: late
        ? new Date((r.acceptedAt as Date).getTime() + minutes(acceptedBid.estimatedArrivalMinutes + this.config.providerLateGraceMinutes)).toISOString()
        : null,
      noShowAt: r.noShowAt ? r.noShowAt.toISOString() : null,
      noShowFee: r.noShowFeeCents === null ? null : toDollars(r.noShowFeeCents),
    };
  }

  /** How many providers each request was offered to. */
  private async providersAskedOf(manager: EntityManager, requestIds: string[]): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    if (requestIds.length === 0) return out;
    const rows: { request_id: string; n: number }[] = await manager.query(
      `SELECT "request_id", count(*)::int AS "n" FROM "requests"."offers" WHERE "request_id" = ANY($1::uuid[]) GROUP BY "request_id"`,
      [requestIds],
    );
    for (const r of rows) out.set(r.request_id, Number(r.n));
    return out;
  }

  /** The customer's rating of each request (spec: a request carries `rating {rating}`). */
  private async ratingsOf(manager: EntityManager, requestIds: string[]): Promise<Map<string, { rating: number; comment: string | null }>> {
    const out = new Map<string, { rating: number; comment: string | null }>();
    if (requestIds.length === 0) return out;
    const rows: { request_id: string; rating: number; comment: string | null }[] = await manager.query(
      `SELECT "request_id", "rating", "comment" FROM "requests"."ratings" WHERE "request_id" = ANY($1::uuid[])`,
      [requestIds],
    );
    for (const r of rows) out.set(r.request_id, { rating: Number(r.rating), comment: r.comment });
    return out;
  }

  async requestView(manager: EntityManager, row: ServiceRequestEntity, viewer: Viewer): Promise<ServiceRequestView> {
    const [view] = await this.requestViews(manager, [row], viewer);
    if (!view) throw new Error(`No view built for request ${row.id}`);
    return view;
  }
}

/** Four reads one after another (on a transaction's single connection). */
async function inTurn<A, B, C, D>(a: () => Promise<A>, b: () => Promise<B>, c: () => Promise<C>, d: () => Promise<D>): Promise<[A, B, C, D]> {
  return [await a(), await b(), await c(), await d()];
}
