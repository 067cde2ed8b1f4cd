import { Inject, Injectable } from '@nestjs/common';
import { MessagingClient, OutboxService } from '@tiredash/messaging';
import { InjectDataSource } from '@tiredash/persistence';
import {
  BidAccepted,
  BidClosed,
  CheckCardHold,
  RequestAccepted,
  RequestCancelled,
  RequestCreated,
  dateBoundInstant,
  pageMeta,
  PROVIDER_NO_SHOW_REASON,
  REQUEST_LIFECYCLE,
  type Actor,
  type LifecycleActor,
  type LifecycleOutcome,
  type LifecycleState,
  type CommandParsed,
  type Paged,
  type Pagination,
  type RequestStatus,
  type ServiceRequestCreateBody,
  type ServiceRequestFilters,
  type ServiceRequestView,
  type AcceptBid,
} from '@tiredash/contracts';
import { randomUUID } from 'node:crypto';
import type { QueryResult } from 'pg';
import { DataSource, type EntityManager } from 'typeorm';
import { BidEntity } from '../bids/entities/bid.entity';
import { isAdmin, requireActor } from '../common/actor-rules';
import { inRawTransaction } from '../common/raw-transaction';
import { toCents, toDollars } from '../common/money';
import { MatchingService } from '../matching/matching.service';
import { ProfilesService } from '../read-models/profiles.service';
import type { Viewer } from '../views/viewer';
import { ViewerService } from '../views/viewer.service';
import { ViewsService } from '../views/views.service';
import { ServiceRequestEntity } from './entities/service-request.entity';
import { REQUESTS_CONFIG } from '../common/requests-config.module';
import type { RequestsConfig } from '../config';
import { RequestsError } from './service-requests.errors';

type AcceptCommand = CommandParsed<typeof AcceptBid>;

/** The card processing fee in cents (held and captured on top of the job's price). */
/** Why the lifecycle table refuses a cancel, in words the caller can act on. */
const CANCEL_REFUSALS: Partial<Record<LifecycleActor, Partial<Record<string, string>>>> = {
  customer: {
    'In Progress': 'The provider has arrived: the job can no longer be cancelled. Contact support to dispute it.',
  },
  provider: {
    'In Progress': 'You reported the job completed: it can no longer be cancelled. Contact support to dispute it.',
  },
};

function cancelRefused(rule: LifecycleOutcome | undefined, status: RequestStatus, actor: LifecycleActor): RequestsError {
  if (!rule || !('refused' in rule)) return RequestsError.conflict('REQUEST_NOT_CANCELLABLE', `A ${status} request can no longer be cancelled`);
  if (rule.refused === 'NOT_OWNER') return new RequestsError('NOT_OWNER', "Only the request's customer, its accepted provider or an admin may cancel it");
  const message = CANCEL_REFUSALS[actor]?.[status] ?? `A ${status} request can no longer be cancelled`;
  return RequestsError.conflict('REQUEST_NOT_CANCELLABLE', message);
}

/** `Canceled` (tracking screen spelling) is read as `Cancelled`. */
export function canonicalStatus(s: string): RequestStatus {
  return (s === 'Canceled' ? 'Cancelled' : s) as RequestStatus;
}

interface ClosedBidRow {
  id: string;
  provider_id: string;
  user_id: string | null;
}

/**
 * Service requests: create (matching + offers), list/read for the caller, accept a bid exactly once, cancel.
 * Every change and its events are written in one transaction (outbox).
 */
@Injectable()
export class ServiceRequestsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly outbox: OutboxService,
    private readonly profiles: ProfilesService,
    private readonly matching: MatchingService,
    private readonly views: ViewsService,
    private readonly viewers: ViewerService,
    @Inject(REQUESTS_CONFIG) private readonly config: RequestsConfig,
    private readonly messaging: MessagingClient,
  ) {}

  /**
   * A card request or acceptance goes ahead only with the card held for it (payments answers from its own state):
   * no card job is accepted, or even posted, unpaid. Payments unreachable: refused too (503), never waved through.
   */
  private async requireCardHold(customerUserId: string, jobAmountCents: number, requestId?: string): Promise<void> {
    let hold: { covered: boolean; requiredCents: number };
    try {
      // Payments owns the card fee (the admin's setting in force when the hold was authorised): only the job amount goes.
      hold = await this.messaging.send(CheckCardHold, { customerUserId, jobAmountCents, ...(requestId ? { requestId } : {}) }, { timeoutMs: this.config.captureTimeoutMs });
    } catch {
      throw new RequestsError('UNAVAILABLE', 'Card payments are unavailable right now. Please try again, or pay in cash.');
    }
    if (hold.covered) return;
    const total = `$${(hold.requiredCents / 100).toFixed(2)}`;
    throw requestId
      ? RequestsError.conflict('CARD_REAUTHORIZATION_REQUIRED', `Authorise your card for ${total} (the bid plus the card fee) before accepting this bid`)
      : RequestsError.conflict('CARD_HOLD_REQUIRED', `Authorise your card for ${total} (the budget plus the card fee) before posting a card request`);
  }

  async create(actor: Actor, body: ServiceRequestCreateBody): Promise<ServiceRequestView> {
    const known = requireActor(actor);
    const customer = await this.profiles.customerOf(known);
    const d = body.data;
    if (d.customer !== undefined && d.customer !== null && String(d.customer) !== customer.id) {
      throw RequestsError.notOwner('customer profile: a request is created for yourself');
    }
    const paymentMethod = d.paymentMethod ?? customer.paymentMethod;
    if (!paymentMethod) {
      throw new RequestsError('VALIDATION_FAILED', 'Payment method is required', [
        { path: 'data.paymentMethod', message: 'Choose cash or card' },
      ]);
    }
    const lat = d.location?.lat ?? d.lat;
    const lng = d.location?.lng ?? d.lng;
    if (lat === undefined || lat === null || lng === undefined || lng === null) {
      throw new RequestsError('VALIDATION_FAILED', 'Coordinates are required', [{ path: 'data.location', message: 'lat and lng are required' }]);
    }
    if (paymentMethod === 'card') await this.requireCardHold(customer.userId, toCents(d.budget));
    const priority = d.priority ?? d.urgency ?? 'normal';
    // One clock for both: the request is open exactly REQUEST_OPEN_SECONDS from its creation.
    const createdAt = new Date();
    const row: ServiceRequestEntity = Object.assign(new ServiceRequestEntity(), {
      id: randomUUID(),
      createdAt,
      customerId: customer.id,
      customerUserId: customer.userId,
      customerFullName: customer.fullName,
      customerPhone: customer.phone,
      serviceType: d.serviceType,
      tireSize: d.tireSize,
      tireBrand: d.tireBrand ?? null,
      tireStatus: 'Bids Open',
      clientStatus: d.status ?? null,
      address: d.location?.address ?? d.address ?? null,
      lat,
      lng,
      description: d.description ?? null,
      notes: d.notes ?? null,
      budgetCents: toCents(d.budget),
      priority,
      urgency: d.urgency ?? priority,
      scheduledTime: d.scheduledTime ? new Date(d.scheduledTime) : null,
      photos: (d.photos ?? []).map(String),
      paymentMethod,
      amountCents: null,
      providerId: null,
      acceptedBidId: null,
      acceptedAt: null,
      cancelledAt: null,
      cancelledByRole: null,
      cancelReason: null,
      expiresAt: new Date(createdAt.getTime() + this.config.requestOpenSeconds * 1000),
    });
    const viewer: Viewer = { kind: 'customer', userId: known.userId, customerId: customer.id };
    return this.dataSource.transaction(async (m) => {
      await m.getRepository(ServiceRequestEntity).insert(row);
      const saved = await m.getRepository(ServiceRequestEntity).findOneByOrFail({ id: row.id });
      const matched = await this.matching.offer(m, row.id, lat, lng, row.serviceType);
      await this.outbox.add(m, RequestCreated, {
        requestId: row.id,
        customerId: customer.id,
        customerUserId: customer.userId,
        request: this.views.offerView(saved),
        matchedProviderIds: matched.map((p) => p.providerId),
        matchedProviderUserIds: matched.map((p) => p.userId),
      });
      return this.views.requestView(m, saved, viewer);
    });
  }

  async list(
    actor: Actor,
    filters: ServiceRequestFilters,
    sort: string | undefined,
    pagination: Pagination,
  ): Promise<Paged<ServiceRequestView>> {
    const viewer = await this.viewers.of(actor);
    const qb = this.dataSource.getRepository(ServiceRequestEntity).createQueryBuilder('r');
    switch (viewer.kind) {
      case 'customer':
        qb.andWhere('r.customer_user_id = :me', { me: viewer.userId });
        break;
      case 'provider':
        qb.andWhere(
          `((r.tire_status = 'Bids Open' AND EXISTS (SELECT 1 FROM "requests"."offers" o WHERE o.request_id = r.id AND o.provider_id = :pid)) OR r.provider_id = :pid)`,
          { pid: viewer.providerId },
        );
        break;
      case 'admin':
        break;
    }
    const providerFilter = filters?.provider?.documentId.$eq;
    if (providerFilter) {
      if (viewer.kind === 'provider' && providerFilter !== viewer.providerId) throw RequestsError.notOwner('jobs');
      qb.andWhere('r.provider_id = :fp', { fp: providerFilter });
    }
    const customerFilter = filters?.customer?.documentId.$eq;
    if (customerFilter) {
      if (viewer.kind === 'customer' && customerFilter !== viewer.customerId) throw RequestsError.notOwner('requests');
      qb.andWhere('r.customer_id = :fc', { fc: customerFilter });
    }
    const statusFilter = filters?.tireStatus?.$eq;
    if (statusFilter) {
      // `Completed` (the spec's history filter) covers the confirmed state the server stores, `Service Completed`.
      const st = canonicalStatus(statusFilter);
      if (st === 'Completed') qb.andWhere(`r.tire_status IN ('Service Completed', 'Completed')`);
      else qb.andWhere('r.tire_status = :st', { st });
    }
    const range = filters?.createdAt;
    if (range?.$gte) qb.andWhere('r.created_at >= :from', { from: dateBoundInstant(range.$gte, false) });
    if (range?.$lte) qb.andWhere('r.created_at <= :to', { to: dateBoundInstant(range.$lte, true) });
    if (range?.$lt) qb.andWhere('r.created_at < :before', { before: dateBoundInstant(range.$lt, false) });
    const [field, dir] = (sort ?? 'createdAt:desc').split(':') as [string, string | undefined];
    const column = field === 'budget' ? 'r.budgetCents' : field === 'updatedAt' ? 'r.updatedAt' : 'r.createdAt';
    qb.orderBy(column, dir?.toLowerCase() === 'asc' ? 'ASC' : 'DESC').addOrderBy('r.id', 'ASC');
    qb.skip((pagination.page - 1) * pagination.pageSize).take(pagination.pageSize);
    const [rows, total] = await qb.getManyAndCount();
    const data = await this.views.requestViews(this.dataSource.manager, rows, viewer);
    return { data, meta: pageMeta(pagination.page, pagination.pageSize, total) };
  }

  async get(actor: Actor, requestId: string): Promise<ServiceRequestView> {
    const viewer = await this.viewers.of(actor);
    const row = await this.dataSource.getRepository(ServiceRequestEntity).findOneBy({ id: requestId });
    if (!row) throw RequestsError.requestNotFound();
    await this.assertCanRead(this.dataSource.manager, row, viewer);
    return this.views.requestView(this.dataSource.manager, row, viewer);
  }

  /** The customer, an admin, the accepted provider, or an offered provider while bids are open. */
  async assertCanRead(m: EntityManager, row: ServiceRequestEntity, viewer: Viewer): Promise<void> {
    if (viewer.kind === 'admin') return;
    if (viewer.kind === 'customer') {
      if (row.customerUserId !== viewer.userId) throw RequestsError.notOwner('requests');
      return;
    }
    if (row.providerId === viewer.providerId) return;
    if (row.tireStatus === 'Bids Open') {
      const offered: unknown[] = await m.query(
        `SELECT 1 FROM "requests"."offers" WHERE request_id = $1 AND provider_id = $2`,
        [row.id, viewer.providerId],
      );
      if (offered.length > 0) return;
    }
    throw RequestsError.notOwner('requests and jobs');
  }

  /**
   * Accepts a bid exactly once. One conditional UPDATE moves the request from `Bids Open` to `Accepted` only
   * while the bid is pending and unexpired; concurrent accepts queue on the request row and re-check the
   * condition, so exactly one wins and the others answer CONFLICT.
   */
  async accept(cmd: AcceptCommand): Promise<ServiceRequestView> {
    const known = requireActor(cmd.actor);
    const repo = this.dataSource.getRepository(BidEntity);
    const requests = this.dataSource.getRepository(ServiceRequestEntity);
    // The gateway's PUT names the request: both rows are read at once (two connections, one round trip of time).
    const [bid, named] = await Promise.all([repo.findOneBy({ id: cmd.bidId }), cmd.requestId ? requests.findOneBy({ id: cmd.requestId }) : null]);
    if (!bid || (cmd.requestId && bid.requestId !== cmd.requestId)) throw RequestsError.bidNotFound();
    const request = named ?? (await requests.findOneBy({ id: bid.requestId }));
    if (!request) throw RequestsError.requestNotFound();
    if (request.customerUserId !== known.userId) {
      throw new RequestsError('NOT_OWNER', "Only the request's customer may accept a bid");
    }
    const viewer: Viewer = { kind: 'customer', userId: known.userId, customerId: request.customerId };
    if (cmd.expect?.amount !== undefined && toCents(cmd.expect.amount) !== bid.amountCents) {
      throw RequestsError.fieldsNotWritable(['amount'], "The amount is the accepted bid's amount");
    }
    if (cmd.expect?.providerId !== undefined && cmd.expect.providerId !== bid.providerId) {
      throw RequestsError.fieldsNotWritable(['provider'], "The provider is the accepted bid's provider");
    }
    if (cmd.mode === 'idempotent' && request.acceptedBidId === bid.id) {
      return this.views.requestView(this.dataSource.manager, request, viewer);
    }
    if (request.paymentMethod === 'card' && request.tireStatus === 'Bids Open') {
      await this.requireCardHold(request.customerUserId, bid.amountCents, request.id);
    }

    const accepted = await this.acceptOnce(request.id, bid, known.userId);
    if (accepted) return this.views.requestView(this.dataSource.manager, accepted, viewer);

    // Nothing changed: say why.
    const now = await this.dataSource.getRepository(ServiceRequestEntity).findOneByOrFail({ id: request.id });
    if (now.tireStatus !== 'Bids Open') {
      if (cmd.mode === 'idempotent' && now.acceptedBidId === bid.id) return this.views.requestView(this.dataSource.manager, now, viewer);
      throw RequestsError.conflict('REQUEST_NOT_OPEN', `The request is ${now.tireStatus}: bids can no longer be accepted`);
    }
    const b = await repo.findOneByOrFail({ id: bid.id });
    if (b.status === 'pending') throw RequestsError.conflict('BID_EXPIRED', 'This bid has expired');
    throw RequestsError.conflict('BID_NOT_OPEN', `This bid is ${b.status}`);
  }

  /**
   * The acceptance in two round trips on one connection (it took fifteen, and a customer waits on it while bids
   * pour in):
   *   1. BEGIN; the request to Accepted (only from Bids Open, only its customer, only a pending bid inside its
   *      window), answering its row; then one statement marks the bid accepted and closes every other pending bid,
   *      answering the closed bids with their providers' users and the winner's user;
   *   2. the outbox rows (request.accepted, bid.accepted, a bid.closed per losing bid) in one INSERT; COMMIT.
   * The request row's UPDATE queues behind a concurrent accept, cancel or expiry of the same request, so exactly
   * one of them wins (the others match nothing). Null when nothing matched (the caller says why).
   */
  private async acceptOnce(requestId: string, bid: BidEntity, customerUserId: string): Promise<ServiceRequestEntity | null> {
    return inRawTransaction(this.dataSource, async (tx) => {
      const [r, b, u] = [tx.literal(requestId), tx.literal(bid.id), tx.literal(customerUserId)];
      // Two statements, so two snapshots: the second sees a bid that committed while the first waited for the
      // request row (a bid holds it FOR SHARE), and closes it; a bid after that finds the request Accepted.
      const results = (await tx.client.query(
        `BEGIN;
         UPDATE "requests"."service_requests" r
            SET "tire_status" = 'Accepted', "accepted_bid_id" = b."id", "amount_cents" = b."amount_cents",
                "provider_id" = b."provider_id", "accepted_at" = now(), "updated_at" = now()
           FROM "requests"."bids" b
          WHERE r."id" = ${r} AND b."id" = ${b} AND b."request_id" = r."id" AND r."customer_user_id" = ${u}
            AND r."tire_status" = 'Bids Open' AND b."status" = 'pending' AND b."expires_at" > now()
          RETURNING r.*;
         WITH "mine" AS (
           SELECT r."provider_id" FROM "requests"."service_requests" r
            WHERE r."id" = ${r} AND r."accepted_bid_id" = ${b} AND r."tire_status" = 'Accepted'),
         "won" AS (
           UPDATE "requests"."bids" SET "status" = 'accepted', "closed_at" = now(), "updated_at" = now()
            WHERE "id" = ${b} AND "status" = 'pending' AND "expires_at" > now() AND EXISTS (SELECT 1 FROM "mine") RETURNING "id"),
         "closed" AS (
           UPDATE "requests"."bids" SET "status" = 'closed', "closed_at" = now(), "updated_at" = now()
            WHERE "request_id" = ${r} AND "status" = 'pending' AND "id" <> ${b} AND EXISTS (SELECT 1 FROM "mine")
            RETURNING "id", "provider_id")
         SELECT (SELECT count(*)::int FROM "won") AS "won_count",
                (SELECT coalesce(json_agg(json_build_object('id', c."id", 'provider_id', c."provider_id", 'user_id', p."user_id")), '[]'::json)
                   FROM "closed" c LEFT JOIN "requests"."provider_profiles" p ON p."id" = c."provider_id") AS "closed_bids",
                (SELECT p."user_id" FROM "requests"."provider_profiles" p WHERE p."id" = (SELECT "provider_id" FROM "mine")) AS "provider_user_id"`,
      )) as unknown as QueryResult<Record<string, unknown>>[];
      const requestRow = results[1]?.rows[0];
      if (!requestRow) return null;
      const row = results[2]?.rows[0] as unknown as AcceptedRow;
      if (row.won_count === 0) throw RequestsError.conflict('BID_NOT_OPEN', 'This bid is no longer open');
      const fresh = this.entityOf(requestRow);
      const closed = row.closed_bids;
      const at = (fresh.acceptedAt ?? new Date()).toISOString();
      const parties = { requestId: fresh.id, customerId: fresh.customerId, customerUserId: fresh.customerUserId };
      const accepted = { bidId: bid.id, providerId: bid.providerId, providerUserId: row.provider_user_id, amount: toDollars(bid.amountCents) };
      const events = [
        this.outbox.row(RequestAccepted, {
          ...parties,
          ...accepted,
          budget: toDollars(fresh.budgetCents),
          paymentMethod: fresh.paymentMethod,
          estimatedArrival: String(bid.estimatedArrivalMinutes),
          closedBids: closed.map((c) => ({ bidId: c.id, providerId: c.provider_id })),
          acceptedAt: at,
          origin: bid.lat !== null && bid.lng !== null ? { lat: bid.lat, lng: bid.lng } : null,
          destination: { lat: fresh.lat, lng: fresh.lng, address: fresh.address },
          serviceType: fresh.serviceType,
        }),
        this.outbox.row(BidAccepted, {
          ...parties,
          ...accepted,
          estimatedArrival: String(bid.estimatedArrivalMinutes),
          paymentMethod: fresh.paymentMethod,
          request: this.views.offerView(fresh),
          acceptedAt: at,
        }),
        // Every losing bid in the same statement (a popular request has dozens): the accept holds the request row.
        ...closed.map((c) =>
          this.outbox.row(BidClosed, {
            ...parties,
            bidId: c.id,
            providerId: c.provider_id,
            providerUserId: c.user_id,
            reason: 'other-bid-accepted' as const,
            closedAt: at,
          }),
        ),
      ];
      const v = tx.value;
      // In publication order: one INSERT numbers its rows (the relay's sequence) in the order of its VALUES.
      const values = events.map(
        (e) => `(${v(e.id)}, ${v(e.subject)}, ${v(JSON.stringify(e.payload))}::jsonb, ${v(e.occurredAt)}, ${v(e.headers && JSON.stringify(e.headers))}::jsonb)`,
      );
      await tx.client.query(
        `INSERT INTO ${this.outbox.table(this.dataSource.manager)} ("id", "subject", "payload", "occurred_at", "headers") VALUES ${values.join(', ')};
         COMMIT`,
      );
      tx.committed();
      this.outbox.committed();
      return fresh;
    });
  }

  /** A "service_requests" row as the driver returns it (its columns' types need no conversion), as the entity. */
  private entityOf(row: Record<string, unknown>): ServiceRequestEntity {
    const entity = new ServiceRequestEntity();
    for (const column of this.dataSource.getMetadata(ServiceRequestEntity).columns) {
      (entity as unknown as Record<string, unknown>)[column.propertyName] = row[column.databaseName];
    }
    return entity;
  }

  /**
   * Cancels a request as the lifecycle table says (REQUEST_LIFECYCLE in contracts, docs/request-lifecycle.md): the
   * customer before the provider arrives, the accepted provider (with a reason) until it reports completion, an
   * admin (a dispute) until the job is confirmed. Pending bids close; the event tells the other side and releases
   * the card hold. Cancelling a cancelled request answers it again (idempotent).
   */
  async cancel(actor: Actor, requestId: string, reason?: string | null): Promise<ServiceRequestView> {
    const known = requireActor(actor);
    const providerId = known.role === 'provider' ? (await this.profiles.providerOf(known)).id : null;
    const result = await this.dataSource.transaction(async (m) => {
      const rows: ServiceRequestRow[] = await m.query(
        `SELECT "id", "tire_status", "customer_user_id", "provider_id", "completion_reported_at" FROM "requests"."service_requests" WHERE "id" = $1 FOR UPDATE`,
        [requestId],
      );
      const row = rows[0];
      if (!row) throw RequestsError.requestNotFound();
      const byProvider = providerId !== null && row.provider_id === providerId;
      const lifecycleActor: LifecycleActor =
        row.customer_user_id === known.userId ? 'customer' : byProvider ? 'provider' : isAdmin(known) ? 'admin' : known.role === 'provider' ? 'other provider' : 'other customer';
      const previous = row.tire_status as RequestStatus;
      const state: LifecycleState = previous === 'In Progress' && row.completion_reported_at !== null ? 'Completion Reported' : (previous as LifecycleState);
      const rule = REQUEST_LIFECYCLE[state]?.[lifecycleActor]?.cancel;
      if (!rule || 'refused' in rule) throw cancelRefused(rule, previous, lifecycleActor);
      if (previous === 'Cancelled') return m.getRepository(ServiceRequestEntity).findOneByOrFail({ id: requestId });
      const role = lifecycleActor === 'admin' ? 'admin' : byProvider ? 'provider' : 'customer';
      // The customer of an accepted job whose provider is late (acceptance + the bid's ETA + PROVIDER_LATE_GRACE_MINUTES,
      // not arrived) cancels free: recorded as 'provider-no-show' (no cancellation fee) and counted against the provider.
      const providerNoShow = lifecycleActor === 'customer' && previous === 'Accepted' ? await this.providerLateness(m, requestId) : null;
      if (lifecycleActor === 'customer' && reason?.trim() === PROVIDER_NO_SHOW_REASON && (providerNoShow === null || providerNoShow > 0)) {
        const secondsLeft = providerNoShow ?? 0;
        throw new RequestsError('CONFLICT', `The provider is not late yet: a free cancellation is possible in ${Math.ceil(secondsLeft / 60)} min`, {
          reason: 'PROVIDER_NOT_LATE',
          secondsLeft,
        });
      }
      const late = providerNoShow !== null && providerNoShow <= 0;
      // The provider's reason is shown to the customer ('Provider Canceled'); the app asks for one.
      const why = byProvider ? reason?.trim() || null : late ? PROVIDER_NO_SHOW_REASON : null;
      if (late) {
        await m.query(
          `INSERT INTO "requests"."provider_stats" ("provider_id", "no_shows") VALUES ($1, 1)
           ON CONFLICT ("provider_id") DO UPDATE SET "no_shows" = "provider_stats"."no_shows" + 1, "updated_at" = now()`,
          [row.provider_id],
        );
      }
      await m.query(
        `UPDATE "requests"."service_requests" SET "tire_status" = 'Cancelled', "cancelled_at" = now(), "cancelled_by_role" = $2,
            "cancel_reason" = $3, "updated_at" = now() WHERE "id" = $1`,
        [requestId, role, why],
      );
      const closed = await this.closePendingBids(m, requestId);
      const fresh = await m.getRepository(ServiceRequestEntity).findOneByOrFail({ id: requestId });
      const offered: { provider_id: string }[] = await m.query(
        `SELECT "provider_id" FROM "requests"."offers" WHERE "request_id" = $1 ORDER BY "distance_miles"`,
        [requestId],
      );
      const at = (fresh.cancelledAt ?? new Date()).toISOString();
      await this.outbox.add(m, RequestCancelled, {
        requestId,
        customerId: fresh.customerId,
        customerUserId: fresh.customerUserId,
        previousStatus: previous,
        providerId: fresh.providerId,
        providerUserId: fresh.providerId ? await this.providerUserId(m, fresh.providerId) : null,
        offeredProviderIds: offered.map((o) => o.provider_id),
        closedBids: closed.map((c) => ({ bidId: c.id, providerId: c.provider_id })),
        cancelledBy: known.userId,
        cancelledAt: at,
        cancelledByRole: role,
        reason: why,
      });
      await this.outbox.addMany(
        m,
        BidClosed,
        closed.map((c) => ({
          requestId,
          customerId: fresh.customerId,
          customerUserId: fresh.customerUserId,
          bidId: c.id,
          providerId: c.provider_id,
          providerUserId: c.user_id,
          reason: 'request-cancelled' as const,
          closedAt: at,
        })),
      );
      return fresh;
    });
    const viewer: Viewer =
      providerId !== null && result.customerUserId !== known.userId
        ? { kind: 'provider', userId: known.userId, providerId }
        : { kind: 'customer', userId: known.userId, customerId: result.customerId };
    return this.views.requestView(this.dataSource.manager, result, viewer);
  }

  /**
   * Seconds until the accepted provider of a request counts as late (<= 0: late now): acceptance + the accepted bid's
   * ETA + PROVIDER_LATE_GRACE_MINUTES, on the database's clock. Null when the request has no accepted bid.
   */
  private async providerLateness(m: EntityManager, requestId: string): Promise<number | null> {
    const rows: { seconds: number | null }[] = await m.query(
      `SELECT CEIL(EXTRACT(EPOCH FROM (r."accepted_at" + make_interval(mins => b."estimated_arrival_minutes" + $2) - now())))::int AS "seconds"
         FROM "requests"."service_requests" r JOIN "requests"."bids" b ON b."id" = r."accepted_bid_id"
        WHERE r."id" = $1 AND r."arrived_at" IS NULL`,
      [requestId, this.config.providerLateGraceMinutes],
    );
    const s = rows[0]?.seconds;
    return s === undefined || s === null ? null : Number(s);
  }

  private async closePendingBids(m: EntityManager, requestId: string): Promise<ClosedBidRow[]> {
    return m.query(
      `WITH c AS (
         UPDATE "requests"."bids" SET "status" = 'closed', "closed_at" = now(), "updated_at" = now()
          WHERE "request_id" = $1 AND "status" = 'pending' RETURNING "id", "provider_id")
       SELECT c."id", c."provider_id", p."user_id" FROM c LEFT JOIN "requests"."provider_profiles" p ON p."id" = c."provider_id"`,
      [requestId],
    );
  }

  private async providerUserId(m: EntityManager, providerId: string): Promise<string | null> {
    const rows: { user_id: string }[] = await m.query(`SELECT "user_id" FROM "requests"."provider_profiles" WHERE "id" = $1`, [providerId]);
    return rows[0]?.user_id ?? null;
  }
}

/** What the acceptance's second statement answers for the events. */
interface AcceptedRow {
  won_count: number;
  closed_bids: { id: string; provider_id: string; user_id: string | null }[];
  provider_user_id: string | null;
}

interface ServiceRequestRow {
  id: string;
  tire_status?: string;
  customer_user_id?: string;
  provider_id?: string | null;
  completion_reported_at?: Date | null;
}
