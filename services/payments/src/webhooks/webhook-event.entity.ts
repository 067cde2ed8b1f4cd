import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** Stripe events already handled: a replayed event id is never applied twice. */
@Entity({ name: 'webhook_events' })
export class WebhookEventEntity {
  @PrimaryColumn('varchar', { name: 'event_id', length: 255, primaryKeyConstraintName: 'pk_webhook_events' })
  eventId!: string;

  @Column('varchar', { length: 100 })
  type!: string;

  @CreateDateColumn({ name: 'received_at', type: 'timestamptz' })
  receivedAt!: Date;
}
