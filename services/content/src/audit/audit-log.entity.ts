import { Check, Column, Entity, Generated, Index, PrimaryColumn } from 'typeorm';

/**
 * One admin change. Append-only: a trigger in the database refuses UPDATE, DELETE and TRUNCATE. Secrets are
 * masked before they are written. `eventId` makes entries fed by another domain's events idempotent.
 */
@Entity({ name: 'audit_log' })
@Check('ck_audit_log_source', `"source" IN ('content', 'identity')`)
@Index('ix_audit_log_seq', ['seq'])
export class AuditLogEntity {
  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'pk_audit_log' })
  id!: string;

  /** Insertion order (newest first = highest). */
  @Column({ type: 'bigint' })
  @Generated('increment')
  seq!: string;

  @Column('timestamptz')
  at!: Date;

  @Column('uuid', { name: 'by_user', nullable: true })
  byUser!: string | null;

  @Column('varchar', { name: 'by_role', length: 20, nullable: true })
  byRole!: string | null;

  @Column('varchar', { length: 100 })
  action!: string;

  @Column('varchar', { length: 200 })
  target!: string;

  @Column('jsonb', { nullable: true })
  before!: unknown;

  @Column('jsonb', { nullable: true })
  after!: unknown;

  @Column('varchar', { length: 20 })
  source!: 'content' | 'identity';

  @Column('uuid', { name: 'event_id', nullable: true, unique: true })
  eventId!: string | null;
}
