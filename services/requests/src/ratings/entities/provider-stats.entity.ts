import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * A provider's aggregate shown on bids: completed jobs and ratings. Updated in the same transaction as the
 * confirmation or the rating that changes it (so it is always current), and announced by their events.
 */
@Entity({ name: 'provider_stats' })
export class ProviderStatsEntity {
  @PrimaryColumn('uuid', { name: 'provider_id', primaryKeyConstraintName: 'pk_provider_stats' })
  providerId!: string;

  @Column('integer', { name: 'total_jobs', default: 0 })
  totalJobs!: number;

  @Column('integer', { name: 'rating_count', default: 0 })
  ratingCount!: number;

  @Column('integer', { name: 'rating_sum', default: 0 })
  ratingSum!: number;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
