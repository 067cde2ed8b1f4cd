import type { BidStatus } from '@tiredash/contracts';
import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { ServiceRequestEntity } from '../../service-requests/entities/service-request.entity';

/**
 * A provider's bid on a request it was offered. At most one `pending` bid per provider and request (partial
 * unique index); a new bid marks the previous one `replaced`. Money in integer cents; ETA in minutes.
 */
@Entity({ name: 'bids' })
@Index('ix_bids_request', ['requestId', 'submittedAt'])
@Index('ix_bids_provider', ['providerId', 'submittedAt'])
@Index('ux_bids_live', ['requestId', 'providerId'], { unique: true, where: `"status" = 'pending'` })
@Index('ix_bids_pending_expiry', ['expiresAt'], { where: `"status" = 'pending'` })
@Check('ck_bids_status', `"status" IN ('pending', 'accepted', 'expired', 'closed', 'replaced')`)
@Check('ck_bids_amount', `"amount_cents" >= 100`)
@Check('ck_bids_eta', `"estimated_arrival_minutes" >= 0`)
export class BidEntity {
  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'pk_bids' })
  id!: string;

  @Column('uuid', { name: 'request_id' })
  requestId!: string;

  @ManyToOne(() => ServiceRequestEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'request_id', foreignKeyConstraintName: 'fk_bids_request' })
  request?: ServiceRequestEntity;

  @Column('uuid', { name: 'provider_id' })
  providerId!: string;

  @Column('integer', { name: 'amount_cents' })
  amountCents!: number;

  @Column('integer', { name: 'estimated_arrival_minutes' })
  estimatedArrivalMinutes!: number;

  @Column('text', { nullable: true })
  notes!: string | null;

  @Column('text', { nullable: true })
  message!: string | null;

  @Column('varchar', { length: 10 })
  status!: BidStatus;

  @Column('double precision', { nullable: true })
  lat!: number | null;

  @Column('double precision', { nullable: true })
  lng!: number | null;

  @Column('double precision', { name: 'distance_miles', nullable: true })
  distanceMiles!: number | null;

  @Column('timestamptz', { name: 'submitted_at' })
  submittedAt!: Date;

  @Column('timestamptz', { name: 'expires_at' })
  expiresAt!: Date;

  @Column('timestamptz', { name: 'closed_at', nullable: true })
  closedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
