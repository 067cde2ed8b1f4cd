import type { JobStatus, PaymentMethod } from '@tiredash/contracts';
import { Check, Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * The job of an accepted request (one per request, created from requests.evt.request.accepted.v1): who, from
 * where to where, and its progress En Route -> Arrived -> Completed (or Cancelled) with the time of each step.
 */
@Entity({ name: 'jobs' })
@Index('ix_jobs_provider', ['providerId', 'acceptedAt'])
@Index('ix_jobs_customer_user', ['customerUserId', 'acceptedAt'])
@Check('ck_jobs_status', `"status" IN ('En Route', 'Arrived', 'Completed', 'Cancelled')`)
export class JobEntity {
  /** The request's id (one job per request). */
  @PrimaryColumn('uuid', { name: 'request_id', primaryKeyConstraintName: 'pk_jobs' })
  requestId!: string;

  @Column('uuid', { name: 'bid_id' })
  bidId!: string;

  @Column('uuid', { name: 'provider_id' })
  providerId!: string;

  @Column('uuid', { name: 'provider_user_id', nullable: true })
  providerUserId!: string | null;

  @Column('uuid', { name: 'customer_id' })
  customerId!: string;

  @Column('uuid', { name: 'customer_user_id' })
  customerUserId!: string;

  @Column('varchar', { length: 12 })
  status!: JobStatus;

  @Column('varchar', { name: 'payment_method', length: 10 })
  paymentMethod!: PaymentMethod;

  @Column('integer', { name: 'amount_cents' })
  amountCents!: number;

  @Column('varchar', { name: 'service_type', length: 40, nullable: true })
  serviceType!: string | null;

  @Column('double precision', { name: 'origin_lat', nullable: true })
  originLat!: number | null;

  @Column('double precision', { name: 'origin_lng', nullable: true })
  originLng!: number | null;

  @Column('double precision', { name: 'destination_lat', nullable: true })
  destinationLat!: number | null;

  @Column('double precision', { name: 'destination_lng', nullable: true })
  destinationLng!: number | null;

  @Column('varchar', { name: 'destination_address', length: 300, nullable: true })
  destinationAddress!: string | null;

  @Column('timestamptz', { name: 'accepted_at' })
  acceptedAt!: Date;

  @Column('timestamptz', { name: 'arrived_at', nullable: true })
  arrivedAt!: Date | null;

  @Column('timestamptz', { name: 'completed_at', nullable: true })
  completedAt!: Date | null;

  @Column('timestamptz', { name: 'confirmed_at', nullable: true })
  confirmedAt!: Date | null;

  @Column('timestamptz', { name: 'cancelled_at', nullable: true })
  cancelledAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
