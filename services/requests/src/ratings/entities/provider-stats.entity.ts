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

  /** Accepted jobs the customer cancelled free because this provider had not arrived by its ETA plus the grace. */
  @Column('integer', { name: 'no_shows', default: 0 })
  noShows!: number;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
