import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { bigintToNumber } from '../common/column-transformers';

/** The requests payments takes part in (card requests), from the requests service's events. */
@Entity({ name: 'request_refs' })
export class RequestRefEntity {
  @PrimaryColumn('uuid', { name: 'request_id', primaryKeyConstraintName: 'pk_request_refs' })
  requestId!: string;

  @Column('uuid', { name: 'customer_user_id' })
  customerUserId!: string;

  @Column('varchar', { name: 'payment_method', length: 10 })
  paymentMethod!: string;

  @Column('bigint', { name: 'budget_cents', transformer: bigintToNumber })
  budgetCents!: number;

  @Column('varchar', { name: 'service_type', length: 80, nullable: true })
  serviceType!: string | null;

  /** The accepted bid's provider (business id), once accepted. */
  @Column('uuid', { name: 'provider_id', nullable: true })
  providerId!: string | null;

  @Column('bigint', { name: 'accepted_amount_cents', nullable: true, transformer: bigintToNumber })
  acceptedAmountCents!: number | null;

  @Column('varchar', { length: 30 })
  status!: string;

  /** The provider pressed 'I AM HERE': the customer can no longer void the hold. */
  @Column('timestamptz', { name: 'arrived_at', nullable: true })
  arrivedAt!: Date | null;

  /** The provider pressed 'JOB COMPLETED': only now may the hold be captured. */
  @Column('timestamptz', { name: 'completion_reported_at', nullable: true })
  completionReportedAt!: Date | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
