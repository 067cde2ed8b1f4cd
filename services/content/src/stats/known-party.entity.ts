import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A customer profile identity announced (CustomerCreated): counted by the totalCustomers tile. */
@Entity({ name: 'known_customers' })
export class KnownCustomerEntity {
  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'pk_known_customers' })
  id!: string;

  @Column('timestamptz', { name: 'seen_at' })
  seenAt!: Date;
}

/**
 * A provider profile identity announced (ProviderCreated): counted by the totalProviders tile. `isApproved`
 * follows ProviderApproved/Rejected, so the audit entry of an approval knows the state before it.
 */
@Entity({ name: 'known_providers' })
export class KnownProviderEntity {
  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'pk_known_providers' })
  id!: string;

  /** False when first seen through an approval event (ProviderCreated not yet consumed). */
  @Column('boolean', { default: true })
  created!: boolean;

  @Column('boolean', { name: 'is_approved', nullable: true })
  isApproved!: boolean | null;

  @Column('timestamptz', { name: 'seen_at' })
  seenAt!: Date;
}

/** A job: a request whose bid was accepted (RequestAccepted); counted by jobsToday unless cancelled. */
@Entity({ name: 'known_jobs' })
export class KnownJobEntity {
  @PrimaryColumn('uuid', { name: 'request_id', primaryKeyConstraintName: 'pk_known_jobs' })
  requestId!: string;

  @Column('timestamptz', { name: 'accepted_at', nullable: true })
  acceptedAt!: Date | null;

  @Column('boolean', { default: false })
  cancelled!: boolean;
}

/** A confirmed job (RequestConfirmed, cash or card): its amount counts in the totalRevenue tile. */
@Entity({ name: 'known_completions' })
export class KnownCompletionEntity {
  @PrimaryColumn('uuid', { name: 'request_id', primaryKeyConstraintName: 'pk_known_completions' })
  requestId!: string;

  @Column('integer', { name: 'amount_cents' })
  amountCents!: number;

  @Column('timestamptz', { name: 'confirmed_at' })
  confirmedAt!: Date;
}

/** A rating a customer gave (RatingCreated): averaged by the averageRating tile. */
@Entity({ name: 'known_ratings' })
export class KnownRatingEntity {
  @PrimaryColumn('uuid', { name: 'rating_id', primaryKeyConstraintName: 'pk_known_ratings' })
  ratingId!: string;

  @Column('smallint')
  rating!: number;
}
