import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One row per (consumer, event) handled: a second delivery of the same event is skipped. */
@Entity({ name: 'inbox' })
export class InboxEntity {
  @PrimaryColumn({ type: 'varchar', length: 200 })
  consumer!: string;

  @PrimaryColumn({ type: 'uuid', name: 'event_id' })
  eventId!: string;

  @Column({ type: 'timestamptz', name: 'processed_at', default: () => 'now()' })
  processedAt!: Date;
}
