import { Injectable } from '@nestjs/common';
import { OutboxService } from '@tiredash/messaging';
import { InjectDataSource } from '@tiredash/persistence';
import {
  JOB_CHAT_MESSAGES,
  JobMessageSent,
  pageMeta,
  type Actor,
  type JobChatRefusal,
  type JobMessageCreateBody,
  type JobMessageSenderRole,
  type JobMessagesPage,
  type JobMessageView,
  type Pagination,
  type RequestStatus,
} from '@tiredash/contracts';
import { randomUUID } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { requireActor, type KnownActor } from '../common/actor-rules';
import { isUniqueViolation } from '../common/pg-errors';
import { ProfilesService } from '../read-models/profiles.service';
import { ServiceRequestEntity } from '../service-requests/entities/service-request.entity';
import { RequestsError } from '../service-requests/service-requests.errors';
import { JobMessageEntity } from './entities/job-message.entity';
import { MessagingSettingService } from './messaging-setting.service';

/** The states in which the parties write: from the accepted bid until the job ends. */
const OPEN_STATES: ReadonlySet<RequestStatus> = new Set<RequestStatus>(['Accepted', 'In Progress']);

/** The caller as a party of the job: its side, and the name its messages carry. */
interface Party {
  role: JobMessageSenderRole;
  userId: string;
  name: string;
}

function refusal(code: 'FORBIDDEN' | 'CONFLICT', reason: JobChatRefusal, message: string): RequestsError {
  return new RequestsError(code, message, { reason });
}

/**
 * Job chat: the request's customer and its accepted provider write to each other while the job runs (Accepted, In
 * Progress) and read it ever after; admins read any job's chat. Every party call first asks the admin's `messaging`
 * setting (off: 403 MESSAGING_DISABLED). A message is written with its `job-message.sent` outbox row in one
 * transaction that holds the request row FOR SHARE, so a message never lands after the job ended (a status change
 * waits for it, or it sees the new status). A send is idempotent per (request, sender, clientMessageId).
 */
@Injectable()
export class JobChatService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly outbox: OutboxService,
    private readonly profiles: ProfilesService,
    private readonly setting: MessagingSettingService,
  ) {}

  async send(actor: Actor, requestId: string, body: JobMessageCreateBody): Promise<JobMessageView> {
    const known = requireActor(actor);
    if (known.role === 'admin') throw new RequestsError('ROLE_NOT_ALLOWED', JOB_CHAT_MESSAGES.adminReadOnly);
    if (known.role === null) throw new RequestsError('ROLE_NOT_ALLOWED', JOB_CHAT_MESSAGES.notParty);
    await this.requireMessagingOn();
    const { text, clientMessageId } = body.data;
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
        // A retry of a stored message answers it again, even once the job has ended since.
        const earlier = await this.earlier(m, requestId, party.userId, clientMessageId, text);
        if (earlier) return earlier;
        if (!OPEN_STATES.has(request.tireStatus)) throw refusal('CONFLICT', 'CHAT_CLOSED', JOB_CHAT_MESSAGES.ended);
        const row = Object.assign(new JobMessageEntity(), {
          id: randomUUID(),
          requestId,
          senderRole: party.role,
          senderUserId: party.userId,
          senderName: party.name.slice(0, 120),
          clientMessageId,
          text,
        });
        await m.getRepository(JobMessageEntity).insert(row);
        const saved = await m.getRepository(JobMessageEntity).findOneByOrFail({ id: row.id });
        const view = this.view(saved);
        const providerId = request.providerId as string;
        await this.outbox.add(m, JobMessageSent, {
          requestId,
          customerUserId: request.customerUserId,
          providerId,
          providerUserId: await this.providerUserId(m, providerId),
          message: view,
        });
        return view;
      });
    } catch (err) {
      // The same message sent twice at once: the first one stored it; the other answers it.
      if (!isUniqueViolation(err)) throw err;
      const stored = await this.earlier(this.dataSource.manager, requestId, known.userId, clientMessageId, text);
      if (!stored) throw err;
      return stored;
    }
  }

  /** A page of the chat, newest first. Parties while messaging is on; admins always (read-only). */
  async list(actor: Actor, requestId: string, pagination: Pagination): Promise<JobMessagesPage> {
    const known = requireActor(actor);
    const admin = known.role === 'admin';
    if (known.role === null) throw new RequestsError('ROLE_NOT_ALLOWED', JOB_CHAT_MESSAGES.notParty);
    if (!admin) await this.requireMessagingOn();
    const request = await this.dataSource.getRepository(ServiceRequestEntity).findOneBy({ id: requestId });
    if (!request) throw RequestsError.requestNotFound();
    if (!admin) await this.partyOf(known, request);
    const [rows, total] = await this.dataSource
      .getRepository(JobMessageEntity)
      .createQueryBuilder('m')
      .where('m.request_id = :requestId', { requestId })
      .orderBy('m.createdAt', 'DESC')
      .addOrderBy('m.id', 'DESC')
      .skip((pagination.page - 1) * pagination.pageSize)
      .take(pagination.pageSize)
      .getManyAndCount();
    return {
      data: rows.map((r) => this.view(r)),
      meta: { ...pageMeta(pagination.page, pagination.pageSize, total), canSend: !admin && OPEN_STATES.has(request.tireStatus) },
    };
  }

  private async requireMessagingOn(): Promise<void> {
    if (!(await this.setting.enabled())) throw refusal('FORBIDDEN', 'MESSAGING_DISABLED', JOB_CHAT_MESSAGES.disabled);
  }

  /**
   * The request's customer, or the provider whose bid it accepted; anyone else is refused (403 NOT_OWNER). A request
   * without an accepted bid has no chat yet (its customer: 409 CHAT_NOT_OPEN).
   */
  private async partyOf(known: KnownActor, request: ServiceRequestEntity): Promise<Party> {
    if (known.role === 'customer') {
      if (request.customerUserId !== known.userId) throw new RequestsError('NOT_OWNER', JOB_CHAT_MESSAGES.notParty);
      if (request.providerId === null) throw refusal('CONFLICT', 'CHAT_NOT_OPEN', JOB_CHAT_MESSAGES.notAccepted);
      return { role: 'customer', userId: known.userId, name: request.customerFullName };
    }
    if (known.role === 'provider') {
      const provider = await this.profiles.providerOf(known);
      if (request.providerId === null || request.providerId !== provider.id) throw new RequestsError('NOT_OWNER', JOB_CHAT_MESSAGES.notParty);
      return { role: 'provider', userId: known.userId, name: provider.businessName };
    }
    throw new RequestsError('ROLE_NOT_ALLOWED', JOB_CHAT_MESSAGES.notParty);
  }

  /** The message this sender already stored under this clientMessageId; another text under the same id is refused. */
  private async earlier(m: EntityManager, requestId: string, senderUserId: string, clientMessageId: string, text: string): Promise<JobMessageView | null> {
    const found = await m.getRepository(JobMessageEntity).findOneBy({ requestId, senderUserId, clientMessageId });
    if (!found) return null;
    if (found.text !== text) throw refusal('CONFLICT', 'CLIENT_MESSAGE_ID_REUSED', JOB_CHAT_MESSAGES.idReused);
    return this.view(found);
  }

  private async providerUserId(m: EntityManager, providerId: string): Promise<string | null> {
    const rows: { user_id: string }[] = await m.query(`SELECT "user_id" FROM "requests"."provider_profiles" WHERE "id" = $1`, [providerId]);
    return rows[0]?.user_id ?? null;
  }

  private view(r: JobMessageEntity): JobMessageView {
    return {
      id: r.id,
      documentId: r.id,
      requestId: r.requestId,
      senderRole: r.senderRole,
      senderUserId: r.senderUserId,
      senderName: r.senderName,
      text: r.text,
      clientMessageId: r.clientMessageId,
      createdAt: r.createdAt.toISOString(),
    };
  }
}
