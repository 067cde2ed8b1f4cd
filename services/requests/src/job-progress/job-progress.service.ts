import { Inject, Injectable, Logger } from '@nestjs/common';
import { MessagingClient, OutboxService } from '@tiredash/messaging';
import { InjectDataSource } from '@tiredash/persistence';
import {
  CapturePayment,
  CompletionReported,
  CustomerNoShow,
  DomainError,
  GetJob,
  GetSettings,
  PAYMENT_FAILED_TITLE,
  ProviderArrived,
  RequestConfirmed,
  type Actor,
  type ErrorCode,
  type ServiceRequestView,
} from '@tiredash/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { requireActor, type KnownActor } from '../common/actor-rules';
import { toDollars } from '../common/money';
import { queryReturning } from '../common/pg-errors';
import { REQUESTS_CONFIG } from '../common/requests-config.module';
import type { RequestsConfig } from '../config';
import { ProfilesService } from '../read-models/profiles.service';
import { ServiceRequestEntity } from '../service-requests/entities/service-request.entity';
import { RequestsError } from '../service-requests/service-requests.errors';
import type { Viewer } from '../views/viewer';
import { ViewsService } from '../views/views.service';

/** Great-circle metres (earth radius 6371 km). */
export function haversineMeters(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const r = Math.PI / 180;
  const h = Math.sin(((lat2 - lat1) * r) / 2) ** 2 + Math.cos(lat1 * r) * Math.cos(lat2 * r) * Math.sin(((lng2 - lng1) * r) / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** '250 m', '1.4 km'. */
function formatDistance(m: number): string {
  return m < 1000 ? `${Math.round(m)} m` : `${(m / 1000).toFixed(1)} km`;
}

/** '4 min 5 s', '30 s'. */
function formatWait(seconds: number): string {
  const min = Math.floor(seconds / 60);
  const s = seconds % 60;
  return min > 0 ? `${min} min${s > 0 ? ` ${s} s` : ''}` : `${s} s`;
}

/** The arrival was checked against the provider's streamed position (not passed by an override reason). */
function arrivalChecked(r: Pick<ServiceRequestEntity, 'arrivalDistanceMeters' | 'arrivalOverrideReason'>): boolean {
  return r.arrivalOverrideReason === null && r.arrivalDistanceMeters !== null;
}

/** Payment failures passed on with their own status; anything else is a 400 'Payment Failed'. */
const PASSED_ON: ReadonlySet<ErrorCode> = new Set<ErrorCode>(['BAD_REQUEST', 'UNAVAILABLE', 'TIMEOUT']);

/**
 * The job after acceptance, as the request's status sees it: arrival (Accepted -> In Progress), the provider's
 * completion report, and the customer's confirmation (In Progress -> Service Completed).
 *
 * The confirmation saga lives here, in the service that owns the request's status: for a card job it asks
 * payments to capture (`payments.cmd.capture-payment`, idempotent per authorisation) and only then moves the
 * request with one conditional UPDATE, written with its `requests.evt.request.confirmed.v1` outbox row in the
 * same transaction. A retried or concurrent confirmation captures nothing twice (payments answers the capture
 * again) and completes nothing twice (the UPDATE matches once; the others read the completed request). A failed
 * capture throws before any write: the request stays In Progress and the customer may try again.
 */
@Injectable()
export class JobProgressService {
  private readonly logger = new Logger(JobProgressService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly outbox: OutboxService,
    private readonly profiles: ProfilesService,
    private readonly views: ViewsService,
    private readonly messaging: MessagingClient,
    @Inject(REQUESTS_CONFIG) private readonly config: RequestsConfig,
  ) {}

  /**
   * 'I AM HERE': only the job's provider, from Accepted (again while In Progress: answered, nothing emitted). The
   * provider's latest streamed position (dispatch) must be within ARRIVAL_MAX_DISTANCE_METERS of the job's address;
   * farther: 409 ARRIVAL_TOO_FAR with the distance; no position known (nothing streamed, or dispatch unreachable):
   * 409 ARRIVAL_POSITION_UNKNOWN. An override reason passes either (kept for admins, with the distance if any); the
   * arrival is then unchecked, and 'Customer not here' charges no fee on it.
   */
  async markArrived(actor: Actor, requestId: string, overrideReason?: string | null): Promise<ServiceRequestView> {
    const { known, providerId } = await this.jobProvider(actor);
    const before = await this.dataSource.getRepository(ServiceRequestEntity).findOneBy({ id: requestId });
    const distance = before && before.providerId === providerId && before.tireStatus === 'Accepted' ? await this.distanceToJob(known, before) : null;
    const reason = overrideReason?.trim() || null;
    const row = await this.dataSource.transaction(async (m) => {
      const r = await this.lockForProvider(m, requestId, providerId);
      if (r.tireStatus === 'In Progress') return r;
      if (r.tireStatus !== 'Accepted') throw RequestsError.conflict('JOB_NOT_ACTIVE', `The request is ${r.tireStatus}: arrival cannot be marked`);
      const unchecked = distance === null || distance > this.config.arrivalMaxDistanceMeters;
      if (unchecked && reason === null) {
        const within = formatDistance(this.config.arrivalMaxDistanceMeters);
        throw distance === null
          ? new RequestsError(
              'CONFLICT',
              `We cannot see where you are: 'I AM HERE' needs your live location within ${within} of the job's address. Turn on location sharing for TireDash and try again, or give a reason to arrive anyway.`,
              { reason: 'ARRIVAL_POSITION_UNKNOWN', maxDistanceMeters: this.config.arrivalMaxDistanceMeters },
            )
          : new RequestsError(
              'CONFLICT',
              `You are ${formatDistance(distance)} from the job's address; 'I AM HERE' needs you within ${within}. Move closer, or give a reason to arrive anyway.`,
              { reason: 'ARRIVAL_TOO_FAR', distanceMeters: distance, maxDistanceMeters: this.config.arrivalMaxDistanceMeters },
            );
      }
      await m.query(
        `UPDATE "requests"."service_requests" SET "tire_status" = 'In Progress', "arrived_at" = now(), "arrival_distance_meters" = $2,
            "arrival_override_reason" = $3, "updated_at" = now() WHERE "id" = $1`,
        [requestId, distance, unchecked ? reason : null],
      );
      const fresh = await m.getRepository(ServiceRequestEntity).findOneByOrFail({ id: requestId });
      await this.outbox.add(m, ProviderArrived, {
        ...(await this.parties(m, fresh, providerId)),
        arrivedAt: (fresh.arrivedAt ?? new Date()).toISOString(),
      });
      return fresh;
    });
    return this.views.requestView(this.dataSource.manager, row, { kind: 'provider', userId: known.userId, providerId });
  }

  /**
   * 'Customer not here': only the job's provider, after arrival and NO_SHOW_WAIT_MINUTES, before 'JOB COMPLETED':
   * In Progress -> Customer No-Show with the no-show fee (card: the admin's noShowFee, which payments captures from
   * the hold on the event; cash: 0, nothing charged). The fee rests on the arrival the server checked: an arrival
   * passed by an override reason (far, or no position known) charges 0 and the hold is released. Once: a repeat
   * answers the same request, nothing emitted.
   */
  async markCustomerAbsent(actor: Actor, requestId: string): Promise<ServiceRequestView> {
    const { known, providerId } = await this.jobProvider(actor);
    const before = await this.dataSource.getRepository(ServiceRequestEntity).findOneBy({ id: requestId });
    // The fee of the settings in force, read before any lock (a card job only; a cash job is never charged).
    const feeCents =
      before && before.providerId === providerId && before.paymentMethod === 'card' && before.tireStatus === 'In Progress' && arrivalChecked(before)
        ? await this.noShowFeeCents()
        : 0;
    const row = await this.dataSource.transaction(async (m) => {
      const r = await this.lockForProvider(m, requestId, providerId);
      if (r.tireStatus === 'Customer No-Show') return r;
      if (r.tireStatus === 'Accepted') throw RequestsError.conflict('NOT_ARRIVED', "Press 'I AM HERE' first: the wait for the customer starts at arrival");
      if (r.tireStatus !== 'In Progress' || r.completionReportedAt !== null) {
        throw RequestsError.conflict('JOB_NOT_ACTIVE', `The request is ${r.completionReportedAt !== null ? 'reported completed' : r.tireStatus}: the customer cannot be marked absent`);
      }
      const left: { seconds: number }[] = await m.query(
        `SELECT CEIL(EXTRACT(EPOCH FROM ("arrived_at" + make_interval(mins => $2) - now())))::int AS "seconds" FROM "requests"."service_requests" WHERE "id" = $1`,
        [requestId, this.config.noShowWaitMinutes],
      );
      const secondsLeft = Number(left[0]?.seconds ?? 0);
      if (secondsLeft > 0) {
        throw new RequestsError('CONFLICT', `Wait for the customer ${formatWait(secondsLeft)} more before marking them absent`, {
          reason: 'NO_SHOW_WAIT_NOT_OVER',
          secondsLeft,
        });
      }
      const fee = r.paymentMethod === 'card' && arrivalChecked(r) ? feeCents : 0;
      await m.query(
        `UPDATE "requests"."service_requests" SET "tire_status" = 'Customer No-Show', "no_show_at" = now(), "no_show_fee_cents" = $2, "updated_at" = now() WHERE "id" = $1`,
        [requestId, fee],
      );
      const fresh = await m.getRepository(ServiceRequestEntity).findOneByOrFail({ id: requestId });
      await this.outbox.add(m, CustomerNoShow, {
        ...(await this.parties(m, fresh, providerId)),
        paymentMethod: fresh.paymentMethod,
        feeCents: fee,
        serviceType: fresh.serviceType,
        noShowAt: (fresh.noShowAt ?? new Date()).toISOString(),
      });
      return fresh;
    });
    return this.views.requestView(this.dataSource.manager, row, { kind: 'provider', userId: known.userId, providerId });
  }

  /** The admin's no-show fee in cents (content's settings); unreachable: 503, never a guessed amount. */
  private async noShowFeeCents(): Promise<number> {
    try {
      const s = await this.messaging.send(GetSettings, { actor: null }, { timeoutMs: 3000 });
      return Math.max(0, Math.round(Number(s.noShowFee ?? 0) * 100));
    } catch (err) {
      this.logger.error(`no-show fee unavailable from content: ${err instanceof Error ? err.message : String(err)}`);
      throw new DomainError('UNAVAILABLE', 'The no-show fee cannot be read right now. Please try again shortly.');
    }
  }

  /** Metres from the provider's latest streamed point (dispatch) to the job's address; null when none is known. */
  private async distanceToJob(actor: KnownActor, r: ServiceRequestEntity): Promise<number | null> {
    try {
      const job = await this.messaging.send(GetJob, { actor, requestId: r.id, track: false }, { timeoutMs: 2000 });
      if (!job.latest) return null;
      return Math.round(haversineMeters(job.latest.lat, job.latest.lng, r.lat, r.lng));
    } catch (err) {
      this.logger.warn(`request ${r.id}: the provider's position is unknown (${err instanceof Error ? err.message : String(err)}); arrival needs an override reason`);
      return null;
    }
  }

  /** 'JOB COMPLETED': only the job's provider, only after arrival; recorded once. */
  async reportCompletion(actor: Actor, requestId: string): Promise<ServiceRequestView> {
    const { known, providerId } = await this.jobProvider(actor);
    const row = await this.dataSource.transaction(async (m) => {
      const r = await this.lockForProvider(m, requestId, providerId);
      if (r.completionReportedAt !== null) return r;
      if (r.tireStatus === 'Accepted') throw RequestsError.conflict('NOT_ARRIVED', "Press 'I AM HERE' before reporting the job completed");
      if (r.tireStatus !== 'In Progress') throw RequestsError.conflict('JOB_NOT_ACTIVE', `The request is ${r.tireStatus}: it cannot be reported completed`);
      await m.query(
        `UPDATE "requests"."service_requests" SET "completion_reported_at" = now(), "updated_at" = now() WHERE "id" = $1`,
        [requestId],
      );
      const fresh = await m.getRepository(ServiceRequestEntity).findOneByOrFail({ id: requestId });
      await this.outbox.add(m, CompletionReported, {
        ...(await this.parties(m, fresh, providerId)),
        completedAt: (fresh.completionReportedAt ?? new Date()).toISOString(),
      });
      return fresh;
    });
    return this.views.requestView(this.dataSource.manager, row, { kind: 'provider', userId: known.userId, providerId });
  }

  /** The customer confirms completion (card: capture first). Exactly once; repeated confirmations answer the result. */
  async confirm(actor: Actor, requestId: string): Promise<ServiceRequestView> {
    const known = requireActor(actor);
    const repo = this.dataSource.getRepository(ServiceRequestEntity);
    const row = await repo.findOneBy({ id: requestId });
    if (!row) throw RequestsError.requestNotFound();
    if (row.customerUserId !== known.userId) throw new RequestsError('NOT_OWNER', "Only the request's customer may confirm its completion");
    const viewer: Viewer = { kind: 'customer', userId: known.userId, customerId: row.customerId };
    if (row.tireStatus === 'Service Completed' || row.tireStatus === 'Completed') return this.views.requestView(this.dataSource.manager, row, viewer);
    this.assertConfirmable(row);

    if (row.paymentMethod === 'card') await this.capture(known, row);

    const confirmed = await this.dataSource.transaction((m) => this.complete(m, requestId));
    if (confirmed) return this.views.requestView(this.dataSource.manager, confirmed, viewer);
    // Another confirmation won the race (or the request moved meanwhile): answer what it is now.
    const now = await repo.findOneByOrFail({ id: requestId });
    if (now.tireStatus === 'Service Completed' || now.tireStatus === 'Completed') return this.views.requestView(this.dataSource.manager, now, viewer);
    this.assertConfirmable(now);
    throw RequestsError.conflict('JOB_NOT_ACTIVE', `The request is ${now.tireStatus}: it cannot be confirmed`);
  }

  /**
   * In Progress (completion reported) -> Service Completed, the provider's job count and the confirmed event, in
   * the caller's transaction; null when the request is not (or no longer) in that state. Also run when payments
   * reports a capture the customer made directly (POST /pay/payments/capture, the spec's client order), so a
   * confirmation interrupted after its capture still completes.
   */
  async complete(m: EntityManager, requestId: string): Promise<ServiceRequestEntity | null> {
    const moved = await queryReturning<{ id: string }>(
      m,
      `UPDATE "requests"."service_requests" SET "tire_status" = 'Service Completed', "confirmed_at" = now(), "updated_at" = now()
        WHERE "id" = $1 AND "tire_status" = 'In Progress' AND "completion_reported_at" IS NOT NULL
        RETURNING "id"`,
      [requestId],
    );
    if (moved.length === 0) return null;
    const fresh = await m.getRepository(ServiceRequestEntity).findOneByOrFail({ id: requestId });
    const providerId = fresh.providerId as string;
    const stats = await queryReturning<{ total_jobs: number }>(
      m,
      `INSERT INTO "requests"."provider_stats" ("provider_id", "total_jobs") VALUES ($1, 1)
       ON CONFLICT ("provider_id") DO UPDATE SET "total_jobs" = "provider_stats"."total_jobs" + 1, "updated_at" = now()
       RETURNING "total_jobs"`,
      [providerId],
    );
    await this.outbox.add(m, RequestConfirmed, {
      ...(await this.parties(m, fresh, providerId)),
      paymentMethod: fresh.paymentMethod,
      amount: toDollars(fresh.amountCents ?? fresh.budgetCents),
      serviceType: fresh.serviceType,
      providerTotalJobs: Number(stats[0]?.total_jobs ?? 0),
      confirmedAt: (fresh.confirmedAt ?? new Date()).toISOString(),
    });
    return fresh;
  }

  private assertConfirmable(row: ServiceRequestEntity): void {
    if (row.tireStatus === 'Accepted') throw RequestsError.conflict('NOT_ARRIVED', 'The provider has not arrived yet');
    if (row.tireStatus !== 'In Progress') throw RequestsError.conflict('JOB_NOT_ACTIVE', `The request is ${row.tireStatus}: it cannot be confirmed`);
    if (row.completionReportedAt === null) {
      throw RequestsError.conflict('COMPLETION_NOT_REPORTED', 'The provider has not reported the job completed yet');
    }
  }

  /** Card jobs: payments captures the request's authorisation (idempotent); any failure stops the confirmation. */
  private async capture(actor: KnownActor, row: ServiceRequestEntity): Promise<void> {
    try {
      await this.messaging.send(
        CapturePayment,
        { actor, body: { requestId: row.id, ...(row.providerId ? { providerId: row.providerId } : {}), serviceType: row.serviceType } },
        { timeoutMs: this.config.captureTimeoutMs },
      );
    } catch (err) {
      const e = err instanceof DomainError ? err : null;
      this.logger.warn(`capture for request ${row.id} failed: ${e ? `${e.code} ${e.message}` : String(err)}`);
      const code: ErrorCode = e && PASSED_ON.has(e.code) ? e.code : 'BAD_REQUEST';
      throw new RequestsError(code, e?.message ?? 'Payment capture failed', {
        title: PAYMENT_FAILED_TITLE,
        reason: 'PAYMENT_CAPTURE_FAILED',
        paymentCode: e?.code ?? 'INTERNAL',
      });
    }
  }

  private async jobProvider(actor: Actor): Promise<{ known: KnownActor; providerId: string }> {
    const known = requireActor(actor);
    const provider = await this.profiles.providerOf(known);
    return { known, providerId: provider.id };
  }

  private async lockForProvider(m: EntityManager, requestId: string, providerId: string): Promise<ServiceRequestEntity> {
    const r = await m
      .getRepository(ServiceRequestEntity)
      .createQueryBuilder('r')
      .setLock('pessimistic_write')
      .where('r.id = :id', { id: requestId })
      .getOne();
    if (!r) throw RequestsError.requestNotFound();
    if (r.providerId !== providerId) throw new RequestsError('NOT_OWNER', "Only the job's provider may do this");
    return r;
  }

  private async parties(
    m: EntityManager,
    r: ServiceRequestEntity,
    providerId: string,
  ): Promise<{ requestId: string; customerId: string; customerUserId: string; providerId: string; providerUserId: string | null }> {
    const rows: { user_id: string }[] = await m.query(`SELECT "user_id" FROM "requests"."provider_profiles" WHERE "id" = $1`, [providerId]);
    return { requestId: r.id, customerId: r.customerId, customerUserId: r.customerUserId, providerId, providerUserId: rows[0]?.user_id ?? null };
  }
}
