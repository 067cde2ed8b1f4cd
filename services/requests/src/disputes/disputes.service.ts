import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { OutboxService } from '@tiredash/messaging';
import { InjectDataSource } from '@tiredash/persistence';
import {
  DISPUTE_MESSAGES,
  DisputeOpened,
  DisputeResolved,
  type Actor,
  type DisputeCreateBody,
  type DisputeReporterRole,
  type DisputeResolveBody,
  type DisputeView,
  type RequestTimelinePart,
  type TimelineStatusEntry,
} from '@tiredash/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { requireActor, type KnownActor } from '../common/actor-rules';
import { isUniqueViolation } from '../common/pg-errors';
import { ProfilesService } from '../read-models/profiles.service';
import { ServiceRequestEntity } from '../service-requests/entities/service-request.entity';
import { RequestsError } from '../service-requests/service-requests.errors';
import { DisputeEntity } from './entities/dispute.entity';

interface Party {
  role: DisputeReporterRole;
  userId: string;
  name: string;
}

/**
 * Disputes (issue 13 item 7): the customer or the accepted provider of a job reports a problem with it, from the
 * accepted bid onward (whatever happened since: arrival, completion, confirmation, a no-show, a cancellation); an
 * admin resolves it with a note. A report is written with its `dispute.opened` outbox row in one transaction holding
 * the request FOR SHARE. One open report per party per job (a partial unique index): a repeat answers the open report
 * and announces nothing. Admins also read a request's timeline from here (its status changes, bids and reports).
 */
@Injectable()
export class DisputesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly outbox: OutboxService,
    private readonly profiles: ProfilesService,
  ) {}

  async report(actor: Actor, requestId: string, body: DisputeCreateBody): Promise<DisputeView> {
    const known = requireActor(actor);
    if (known.role !== 'customer' && known.role !== 'provider') throw new RequestsError('ROLE_NOT_ALLOWED', DISPUTE_MESSAGES.notParty);
    try {
      return await this.dataSource.transaction(async (m) => {
        const request = await m
          .getRepository(ServiceRequestEntity)
          .createQueryBuilder('r')
          .setLock('pessimistic_read')
          .where('r.id = :id', { id: requestId })
          .getOne();
        if (!request) throw RequestsError.requestNotFound();
        const party = await this.partyOf(known, request);
        if (request.providerId === null) throw new RequestsError('CONFLICT', DISPUTE_MESSAGES.notAccepted, { reason: 'JOB_NOT_ACCEPTED' });
        const open = await m.getRepository(DisputeEntity).findOneBy({ requestId, reporterUserId: party.userId, status: 'open' });
        if (open) return this.view(open);
        const row = Object.assign(new DisputeEntity(), {
          id: randomUUID(),
          requestId,
          reporterRole: party.role,
          reporterUserId: party.userId,
          reporterName: party.name.slice(0, 120),
          category: body.data.category,
          description: body.data.description,
          requestStatus: request.completionReportedAt !== null && request.tireStatus === 'In Progress' ? 'Completion Reported' : request.tireStatus,
          status: 'open' as const,
          resolutionNote: null,
          resolvedBy: null,
          resolvedAt: null,
        });
        await m.getRepository(DisputeEntity).insert(row);
        const saved = await m.getRepository(DisputeEntity).findOneByOrFail({ id: row.id });
        await this.outbox.add(m, DisputeOpened, {
          disputeId: saved.id,
          requestId,
          customerUserId: request.customerUserId,
          providerId: request.providerId,
          providerUserId: await this.providerUserId(m, request.providerId),
          reporterRole: party.role,
          category: saved.category,
          openedAt: saved.createdAt.toISOString(),
        });
        return this.view(saved);
      });
    } catch (err) {
      // Two reports of the same party at once: the first one is stored; the other answers it.
      if (!isUniqueViolation(err)) throw err;
      const open = await this.dataSource.getRepository(DisputeEntity).findOneBy({ requestId, reporterUserId: known.userId, status: 'open' });
      if (!open) throw err;
      return this.view(open);
    }
  }

  /** A request's reports: an admin reads all of them, a party its own. */
  async list(actor: Actor, requestId: string): Promise<DisputeView[]> {
    const known = requireActor(actor);
    const request = await this.dataSource.getRepository(ServiceRequestEntity).findOneBy({ id: requestId });
    if (!request) throw RequestsError.requestNotFound();
    const where = known.role === 'admin' ? { requestId } : { requestId, reporterUserId: (await this.partyOf(known, request)).userId };
    const rows = await this.dataSource.getRepository(DisputeEntity).find({ where, order: { createdAt: 'ASC', id: 'ASC' } });
    return rows.map((r) => this.view(r));
  }

  /** An admin resolves a report with a note; resolving it again with the same note answers it, another note is refused. */
  async resolve(actor: Actor, disputeId: string, body: DisputeResolveBody): Promise<DisputeView> {
    const known = requireActor(actor);
    if (known.role !== 'admin') throw new RequestsError('ROLE_NOT_ALLOWED', DISPUTE_MESSAGES.adminOnly);
    const note = body.data.resolutionNote;
    return this.dataSource.transaction(async (m) => {
      const repo = m.getRepository(DisputeEntity);
      const row = await repo.findOne({ where: { id: disputeId }, lock: { mode: 'pessimistic_write' } });
      if (!row) throw new RequestsError('NOT_FOUND', DISPUTE_MESSAGES.notFound);
      if (row.status === 'resolved') {
        if (row.resolutionNote === note) return this.view(row);
        throw new RequestsError('CONFLICT', DISPUTE_MESSAGES.alreadyResolved, { reason: 'REPORT_RESOLVED' });
      }
      row.status = 'resolved';
      row.resolutionNote = note;
      row.resolvedBy = known.userId;
      row.resolvedAt = new Date();
      await repo.save(row);
      const request = await m.getRepository(ServiceRequestEntity).findOneByOrFail({ id: row.requestId });
      const providerId = request.providerId as string;
      await this.outbox.add(m, DisputeResolved, {
        disputeId: row.id,
        requestId: row.requestId,
        customerUserId: request.customerUserId,
        providerId,
        providerUserId: await this.providerUserId(m, providerId),
        reporterUserId: row.reporterUserId,
        resolutionNote: note,
        resolvedAt: row.resolvedAt.toISOString(),
      });
      return this.view(row);
    });
  }

  /** What requests knows of a request for the admin's timeline: its status changes (from its own timestamps), bids, reports. */
  async timeline(actor: Actor, requestId: string): Promise<RequestTimelinePart> {
    const known = requireActor(actor);
    if (known.role !== 'admin') throw new RequestsError('ROLE_NOT_ALLOWED', 'Only admins read a request\'s timeline');
    const rows: Record<string, unknown>[] = await this.dataSource.query(`SELECT * FROM "requests"."service_requests" WHERE "id" = $1`, [requestId]);
    const r = rows[0];
    if (!r) throw RequestsError.requestNotFound();
    const at = (v: unknown): string | null => (v instanceof Date ? v.toISOString() : typeof v === 'string' ? new Date(v).toISOString() : null);
    const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
    const statuses: TimelineStatusEntry[] = [];
    const push = (status: string, when: unknown, by: string | null, note: string | null = null): void => {
      const iso = at(when);
      if (iso) statuses.push({ status, at: iso, by, note });
    };
    push('Bids Open', r['created_at'], 'customer');
    push('Accepted', r['accepted_at'], 'customer');
    const distance = typeof r['arrival_distance_meters'] === 'number' ? `${r['arrival_distance_meters'] as number} m from the job address` : null;
    const override = str(r['arrival_override_reason']);
    push('In Progress', r['arrived_at'], 'provider', [distance, override ? `override: ${override}` : null].filter(Boolean).join('; ') || null);
    push('Completion Reported', r['completion_reported_at'], 'provider');
    push('Service Completed', r['confirmed_at'], 'customer');
    push('Customer No-Show', r['no_show_at'], 'provider');
    push('Cancelled', r['cancelled_at'], str(r['cancelled_by_role']), str(r['cancel_reason']));
    if (r['tire_status'] === 'Expired') push('Expired', r['expires_at'], null);
    statuses.sort((a, b) => a.at.localeCompare(b.at));

    const bids: { id: string; provider_id: string; business_name: string | null; amount_cents: number; estimated_arrival_minutes: number | null; status: string; submitted_at: Date }[] =
      await this.dataSource.query(
        `SELECT b."id", b."provider_id", p."business_name", b."amount_cents", b."estimated_arrival_minutes", b."status", b."submitted_at"
           FROM "requests"."bids" b LEFT JOIN "requests"."provider_profiles" p ON p."id" = b."provider_id"
          WHERE b."request_id" = $1 ORDER BY b."submitted_at", b."id"`,
        [requestId],
      );
    const reports = await this.dataSource.getRepository(DisputeEntity).find({ where: { requestId }, order: { createdAt: 'ASC', id: 'ASC' } });
    return {
      requestId,
      status: String(r['tire_status']),
      paymentMethod: String(r['payment_method']),
      customerUserId: String(r['customer_user_id']),
      customerName: String(r['customer_full_name']),
      providerId: str(r['provider_id']),
      amount: typeof r['amount_cents'] === 'number' ? (r['amount_cents'] as number) / 100 : null,
      statuses,
      bids: bids.map((b) => ({
        id: b.id,
        providerId: b.provider_id,
        providerName: b.business_name ?? '',
        amount: b.amount_cents / 100,
        estimatedArrival: b.estimated_arrival_minutes,
        status: b.status,
        createdAt: new Date(b.submitted_at).toISOString(),
      })),
      reports: reports.map((d) => this.view(d)),
    };
  }

  /** The request's customer or its accepted provider; anyone else is refused (403 NOT_OWNER). */
  private async partyOf(known: KnownActor, request: ServiceRequestEntity): Promise<Party> {
    if (known.role === 'customer') {
      if (request.customerUserId !== known.userId) throw new RequestsError('NOT_OWNER', DISPUTE_MESSAGES.notParty);
      return { role: 'customer', userId: known.userId, name: request.customerFullName };
    }
    if (known.role === 'provider') {
      const provider = await this.profiles.providerOf(known);
      if (request.providerId === null || request.providerId !== provider.id) throw new RequestsError('NOT_OWNER', DISPUTE_MESSAGES.notParty);
      return { role: 'provider', userId: known.userId, name: provider.businessName };
    }
    throw new RequestsError('ROLE_NOT_ALLOWED', DISPUTE_MESSAGES.notParty);
  }

  private async providerUserId(m: EntityManager, providerId: string): Promise<string | null> {
    const rows: { user_id: string }[] = await m.query(`SELECT "user_id" FROM "requests"."provider_profiles" WHERE "id" = $1`, [providerId]);
    return rows[0]?.user_id ?? null;
  }

  private view(d: DisputeEntity): DisputeView {
    return {
      id: d.id,
      documentId: d.id,
      requestId: d.requestId,
      reporterRole: d.reporterRole,
      reporterUserId: d.reporterUserId,
      reporterName: d.reporterName,
      category: d.category,
      description: d.description,
      status: d.status,
      requestStatus: d.requestStatus,
      resolutionNote: d.resolutionNote,
      resolvedAt: d.resolvedAt ? d.resolvedAt.toISOString() : null,
      createdAt: d.createdAt.toISOString(),
    };
  }
}
