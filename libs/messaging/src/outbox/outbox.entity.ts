import { Column, Entity, Generated, Index, PrimaryColumn } from 'typeorm';

/** An event waiting to be (or already) published; written in the same transaction as the state change. */
@Entity({ name: 'outbox' })
@Index('IDX_outbox_unpublished', ['seq'], { where: '"published_at" IS NULL' })
export class OutboxEntity {
  /** The event id: envelope id and Nats-Msg-Id. */
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  /** Publication order. */
  @Column({ type: 'bigint' })
  @Generated('increment')
  seq!: string;

  @Column({ type: 'varchar', length: 255 })
  subject!: string;

  @Column({ type: 'jsonb' })
  payload!: Record<string, unknown>;

  @Column({ type: 'timestamptz', name: 'occurred_at' })
  occurredAt!: Date;

  @Column({ type: 'timestamptz', name: 'published_at', nullable: true })
  publishedAt!: Date | null;

  /**
   * NATS headers published with the event: the W3C trace context (traceparent, tracestate) and x-request-id of the
   * work that wrote it, so that its consumers continue the same trace. Null when there was none.
   */
  @Column({ type: 'jsonb', nullable: true })
  headers!: Record<string, string> | null;
}
