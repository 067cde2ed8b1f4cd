import { Inject, Injectable, Logger } from '@nestjs/common';
import { MessagingClient, OutboxService } from '@tiredash/messaging';
import { InjectDataSource } from '@tiredash/persistence';
import {
  AnswerExtraHold,
  DomainError,
  EXTRA_MESSAGES,
  JobExtraAdded,
  JobExtraAnswered,
  type Actor,
  type ExtraAnswer,
  type ExtraRefusal,
  type JobExtraAnswerBody,
  type JobExtraCreateBody,
  type JobExtraView,
} from '@tiredash/contracts';
import { randomUUID } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { requireActor } from '../common/actor-rules';
import { toCents } from '../common/money';
import { isUniqueViolation } from '../common/pg-errors';
import { REQUESTS_CONFIG } from '../common/requests-config.module';
import type { RequestsConfig } from '../config';
import { ProfilesService } from '../read-models/profiles.service';
import { ServiceRequestEntity } from '../service-requests/entities/service-request.entity';
import { RequestsError } from '../service-requests/service-requests.errors';
import { JobExtraEntity } from './entities/job-extra.entity';
import { extraView } from './extra-views';

function refusal(reason: ExtraRefusal, message: string): RequestsError {
  return new RequestsError('CONFLICT', message, { reason });
}

/** An answer given again: the same one (a card's refusal answers an approval again too). */
function sameAnswer(status: JobExtraEntity['status'], answer: ExtraAnswer): boolean {
  return answer === 'declined' ? status === 'declined' : status === 'approved' || status === 'card_declined';
}

/**
 * Extras (issue 13 item 1, the lifecycle table's 'add extra' and 'answer extra' columns). Both commands hold the
 * request row FOR UPDATE in their transaction, the lock arrival, the completion report and the confirmation's status
 * change take too, so an extra is never added after the completion report and never answered after the job ended. An
 * extra is written with its outbox event (`job-extra.added` / `job-extra.answered`) in that transaction.
 *
 * A card job's answer asks payments first (`payments.cmd.answer-extra-hold`, idempotent per extra): an approval raises
 * the hold to the new total, or comes back `card_declined`; a decline is recorded there so that the capture, which
 * payments computes from its own rows, never includes it. The status stored here is payments' answer.
 */
@Injectable()
export class ExtrasService {
  private readonly logger = new Logger(ExtrasService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly outbox: OutboxService,
    private readonly profiles: ProfilesService,
    private readonly messaging: MessagingClient,
    @Inject(REQUESTS_CONFIG) private readonly config: RequestsConfig,
  ) {}

  /** The job's provider adds an item: after 'I AM HERE', before 'JOB COMPLETED'. Idempotent per clientExtraId. */
  async add(actor: Actor, requestId: string, body: JobExtraCreateBody): Promise<JobExtraView> {
    const known = requireActor(actor);
    if (known.role !== 'provider') throw new RequestsError('ROLE_NOT_ALLOWED', EXTRA_MESSAGES.providerOnly);
    const provider = await this.profiles.providerOf(known);
    const { serviceType, amount, clientExtraId } = body.data;
    const amountCents = toCents(amount);
    try {
      return await this.dataSource.transaction(async (m) => {
        const request = await this.lock(m, requestId);
        if (request.providerId === null || request.providerId !== provider.id) throw new RequestsError('NOT_OWNER', EXTRA_MESSAGES.providerOnly);
        const earlier = await m.getRepository(JobExtraEntity).findOneBy({ requestId, clientExtraId });
        if (earlier) {
          if (earlier.serviceType !== serviceType || earlier.amountCents !== amountCents) throw refusal('CLIENT_EXTRA_ID_REUSED', EXTRA_MESSAGES.idReused);
          return this.view(earlier);
        }
        if (request.tireStatus === 'Accepted') throw RequestsError.conflict('NOT_ARRIVED', EXTRA_MESSAGES.notArrived);
        if (request.tireStatus !== 'In Progress') throw RequestsError.conflict('JOB_NOT_ACTIVE', EXTRA_MESSAGES.ended);
        if (request.completionReportedAt !== null) throw refusal('EXTRAS_CLOSED', EXTRA_MESSAGES.closed);
        const row = Object.assign(new JobExtraEntity(), {
          id: randomUUID(),
          requestId,
          serviceType,
          amountCents,
          status: 'pending' as const,
          clientExtraId,
          chargeTotalCents: null,
          declineMessage: null,
          answeredAt: null,
        });
        await m.getRepository(JobExtraEntity).insert(row);
        const saved = await m.getRepository(JobExtraEntity).findOneByOrFail({ id: row.id });
        await this.outbox.add(m, JobExtraAdded, await this.eventOf(m, request, saved));
        return this.view(saved);
      });
    } catch (err) {
      // The same extra sent twice at once: the first stored it; the other answers it.
      if (!isUniqueViolation(err)) throw err;
      const stored = await this.dataSource.getRepository(JobExtraEntity).findOneBy({ requestId, clientExtraId });
      if (!stored) throw err;
      if (stored.serviceType !== serviceType || stored.amountCents !== amountCents) throw refusal('CLIENT_EXTRA_ID_REUSED', EXTRA_MESSAGES.idReused);
      return this.view(stored);
    }
  }

  /**
   * The request's customer approves or declines a pending extra while the job runs. The same answer again answers the
   * stored extra (even once the job ended); another answer is 409 EXTRA_ALREADY_ANSWERED.
   */
  async answer(actor: Actor, requestId: string, extraId: string, body: JobExtraAnswerBody): Promise<JobExtraView> {
    const known = requireActor(actor);
    if (known.role !== 'customer') throw new RequestsError('ROLE_NOT_ALLOWED', EXTRA_MESSAGES.customerOnly);
    const answer = body.data.status;
    return this.dataSource.transaction(async (m) => {
      const request = await this.lock(m, requestId);
      if (request.customerUserId !== known.userId) throw new RequestsError('NOT_OWNER', EXTRA_MESSAGES.customerOnly);
      const extra = await m.getRepository(JobExtraEntity).findOne({ where: { id: extraId, requestId }, lock: { mode: 'pessimistic_write' } });
      if (extra && extra.status !== 'pending') {
        if (sameAnswer(extra.status, answer)) return this.view(extra);
        throw refusal('EXTRA_ALREADY_ANSWERED', EXTRA_MESSAGES.alreadyAnswered);
      }
      if (request.tireStatus === 'Accepted') throw RequestsError.conflict('NOT_ARRIVED', EXTRA_MESSAGES.notArrived);
      if (request.tireStatus !== 'In Progress') throw RequestsError.conflict('JOB_NOT_ACTIVE', EXTRA_MESSAGES.ended);
      if (!extra) throw new RequestsError('NOT_FOUND', EXTRA_MESSAGES.notFound);
      if (request.paymentMethod === 'card') {
        const hold = await this.answerHold(request, extra, answer);
        extra.status = hold.status;
        extra.chargeTotalCents = hold.chargeTotalCents;
        extra.declineMessage = hold.declineMessage === null ? null : hold.declineMessage.slice(0, 300);
      } else {
        extra.status = answer;
      }
      extra.answeredAt = new Date();
      await m.getRepository(JobExtraEntity).save(extra);
      await this.outbox.add(m, JobExtraAnswered, await this.eventOf(m, request, extra));
      return this.view(extra);
    });
  }

  private async answerHold(request: ServiceRequestEntity, extra: JobExtraEntity, answer: ExtraAnswer) {
    try {
      return await this.messaging.send(
        AnswerExtraHold,
        {
          requestId: request.id,
          extraId: extra.id,
          customerUserId: request.customerUserId,
          serviceType: extra.serviceType,
          amountCents: extra.amountCents,
          answer,
        },
        { timeoutMs: this.config.captureTimeoutMs },
      );
    } catch (err) {
      this.logger.warn(`extra ${extra.id} of request ${request.id}: payments answered ${err instanceof DomainError ? `${err.code} ${err.message}` : String(err)}`);
      throw err;
    }
  }

  private async lock(m: EntityManager, requestId: string): Promise<ServiceRequestEntity> {
    const r = await m.getRepository(ServiceRequestEntity).createQueryBuilder('r').setLock('pessimistic_write').where('r.id = :id', { id: requestId }).getOne();
    if (!r) throw RequestsError.requestNotFound();
    return r;
  }

  private async eventOf(m: EntityManager, request: ServiceRequestEntity, extra: JobExtraEntity) {
    const providerId = request.providerId as string;
    const rows: { user_id: string }[] = await m.query(`SELECT "user_id" FROM "requests"."provider_profiles" WHERE "id" = $1`, [providerId]);
    return {
      requestId: request.id,
      customerUserId: request.customerUserId,
      providerId,
      providerUserId: rows[0]?.user_id ?? null,
      paymentMethod: request.paymentMethod,
      extra: this.view(extra),
    };
  }

  private view(r: JobExtraEntity): JobExtraView {
    return extraView(r);
  }
}
