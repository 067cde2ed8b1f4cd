import type { ExtraStatus, ServiceType } from '@tiredash/contracts';
import { Check, Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * One extra of a job (issue 13 item 1): what the provider added on site and its price, and the customer's answer.
 * The provider's (request, clientExtraId) is unique: a retried add finds the extra it stored instead of writing another.
 */
@Entity({ name: 'job_extras' })
@Index('ix_job_extras_request', ['requestId', 'createdAt'])
@Index('ux_job_extras_client', ['requestId', 'clientExtraId'], { unique: true })
@Check('ck_job_extras_status', `"status" IN ('pending', 'approved', 'declined', 'card_declined')`)
@Check('ck_job_extras_amount', `"amount_cents" > 0`)
export class JobExtraEntity {
  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'pk_job_extras' })
  id!: string;

  @Column('uuid', { name: 'request_id' })
  requestId!: string;

  @Column('varchar', { name: 'service_type', length: 60 })
  serviceType!: ServiceType;

  @Column('integer', { name: 'amount_cents' })
  amountCents!: number;

  @Column('varchar', { length: 20 })
  status!: ExtraStatus;

  @Column('uuid', { name: 'client_extra_id' })
  clientExtraId!: string;

  /** Card approval: the hold's total after the raise (cents). */
  @Column('integer', { name: 'charge_total_cents', nullable: true })
  chargeTotalCents!: number | null;

  @Column('varchar', { name: 'decline_message', length: 300, nullable: true })
  declineMessage!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'answered_at', nullable: true })
  answeredAt!: Date | null;
}
