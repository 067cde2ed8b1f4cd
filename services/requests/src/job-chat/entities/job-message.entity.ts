import type { JobMessageSenderRole } from '@tiredash/contracts';
import { Check, Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * One message of a job's chat, between the request's customer and its accepted provider. The sender's
 * (request, user, clientMessageId) is unique: a retried send finds the message it stored instead of writing another.
 */
@Entity({ name: 'job_messages' })
@Index('ix_job_messages_request', ['requestId', 'createdAt'])
@Index('ux_job_messages_client', ['requestId', 'senderUserId', 'clientMessageId'], { unique: true })
@Check('ck_job_messages_sender_role', `"sender_role" IN ('customer', 'provider')`)
@Check('ck_job_messages_text', `char_length("text") BETWEEN 1 AND 1000`)
export class JobMessageEntity {
  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'pk_job_messages' })
  id!: string;

  @Column('uuid', { name: 'request_id' })
  requestId!: string;

  @Column('varchar', { name: 'sender_role', length: 10 })
  senderRole!: JobMessageSenderRole;

  @Column('uuid', { name: 'sender_user_id' })
  senderUserId!: string;

  /** The customer's full name or the provider's business name when it was sent. */
  @Column('varchar', { name: 'sender_name', length: 120 })
  senderName!: string;

  @Column('uuid', { name: 'client_message_id' })
  clientMessageId!: string;

  @Column('varchar', { length: 1000 })
  text!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
