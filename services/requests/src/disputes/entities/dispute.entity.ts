import type { DisputeCategory, DisputeReporterRole, DisputeStatus } from '@tiredash/contracts';
import { Check, Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A problem a party reported with a job (issue 13 item 7). At most one open report per (request, reporter): a partial
 * unique index, so a repeat (or a double tap) answers the open one; once resolved, the party may report again.
 */
@Entity({ name: 'disputes' })
@Index('ix_disputes_request', ['requestId', 'createdAt'])
@Index('ux_disputes_open_per_party', ['requestId', 'reporterUserId'], { unique: true, where: `"status" = 'open'` })
@Check('ck_disputes_status', `"status" IN ('open', 'resolved')`)
@Check('ck_disputes_reporter_role', `"reporter_role" IN ('customer', 'provider')`)
@Check('ck_disputes_resolution', `("status" = 'open') = ("resolved_at" IS NULL)`)
export class DisputeEntity {
  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'pk_disputes' })
  id!: string;

  @Column('uuid', { name: 'request_id' })
  requestId!: string;

  @Column('varchar', { name: 'reporter_role', length: 10 })
  reporterRole!: DisputeReporterRole;

  @Column('uuid', { name: 'reporter_user_id' })
  reporterUserId!: string;

  @Column('varchar', { name: 'reporter_name', length: 120 })
  reporterName!: string;

  @Column('varchar', { length: 30 })
  category!: DisputeCategory;

  @Column('varchar', { length: 2000 })
  description!: string;

  /** The request's status when the problem was reported. */
  @Column('varchar', { name: 'request_status', length: 20 })
  requestStatus!: string;

  @Column('varchar', { length: 10 })
  status!: DisputeStatus;

  @Column('varchar', { name: 'resolution_note', length: 1000, nullable: true })
  resolutionNote!: string | null;

  @Column('uuid', { name: 'resolved_by', nullable: true })
  resolvedBy!: string | null;

  @Column('timestamptz', { name: 'resolved_at', nullable: true })
  resolvedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
