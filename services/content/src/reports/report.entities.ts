import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * One request as the reports see it, assembled from requests' events in whatever order they arrive: each event
 * fills its own columns and never clears another's (first value wins), so a redelivered or late event is harmless.
 */
@Entity({ name: 'report_requests' })
export class ReportRequestEntity {
  @PrimaryColumn('uuid', { name: 'request_id', primaryKeyConstraintName: 'pk_report_requests' })
  requestId!: string;

  @Column('uuid', { name: 'customer_id', nullable: true })
  customerId!: string | null;

  /** The accepted provider (null until a bid was accepted). */
  @Column('uuid', { name: 'provider_id', nullable: true })
  providerId!: string | null;

  /** When the request was posted (RequestCreated). */
  @Column('timestamptz', { name: 'created_at', nullable: true })
  createdAt!: Date | null;

  @Column('timestamptz', { name: 'accepted_at', nullable: true })
  acceptedAt!: Date | null;

  @Column('timestamptz', { name: 'arrived_at', nullable: true })
  arrivedAt!: Date | null;

  @Column('timestamptz', { name: 'confirmed_at', nullable: true })
  confirmedAt!: Date | null;

  @Column('timestamptz', { name: 'cancelled_at', nullable: true })
  cancelledAt!: Date | null;

  /** customer | provider | admin. */
  @Column('varchar', { name: 'cancelled_by_role', length: 16, nullable: true })
  cancelledByRole!: string | null;

  /** Cancelled by the customer because the provider had not arrived (reason `provider-no-show`). */
  @Column('boolean', { name: 'provider_no_show', default: false })
  providerNoShow!: boolean;

  /** The provider marked the customer absent (request.no-show). */
  @Column('timestamptz', { name: 'customer_no_show_at', nullable: true })
  customerNoShowAt!: Date | null;
}

/**
 * Money booked as revenue, once per source: `card` a captured card payment (key: its authorization), `cash` a
 * confirmed cash job (key: the request), `no_show_fee` a customer no-show fee (key: the request).
 */
@Entity({ name: 'report_money' })
export class ReportMoneyEntity {
  @PrimaryColumn('varchar', { length: 16, primaryKeyConstraintName: 'pk_report_money' })
  kind!: 'card' | 'cash' | 'no_show_fee';

  @PrimaryColumn('varchar', { name: 'source_id', length: 255, primaryKeyConstraintName: 'pk_report_money' })
  sourceId!: string;

  @Column('uuid', { name: 'request_id', nullable: true })
  requestId!: string | null;

  @Column('uuid', { name: 'provider_id', nullable: true })
  providerId!: string | null;

  @Column('integer', { name: 'amount_cents' })
  amountCents!: number;

  /** The platform's part of it: the card fee plus the commission of the job amount; 0 for cash. */
  @Column('integer', { name: 'commission_cents' })
  commissionCents!: number;

  @Column('timestamptz', { name: 'booked_at' })
  bookedAt!: Date;
}

/** A rating, with its provider and time (the top-providers table averages them). */
@Entity({ name: 'report_ratings' })
export class ReportRatingEntity {
  @PrimaryColumn('uuid', { name: 'rating_id', primaryKeyConstraintName: 'pk_report_ratings' })
  ratingId!: string;

  @Column('uuid', { name: 'provider_id' })
  providerId!: string;

  @Column('smallint')
  rating!: number;

  @Column('timestamptz', { name: 'created_at' })
  createdAt!: Date;
}

/** A provider's business name, the latest event's (an older one arriving late does not overwrite it). */
@Entity({ name: 'report_providers' })
export class ReportProviderEntity {
  @PrimaryColumn('uuid', { name: 'provider_id', primaryKeyConstraintName: 'pk_report_providers' })
  providerId!: string;

  @Column('text', { name: 'business_name' })
  businessName!: string;

  @Column('timestamptz', { name: 'updated_at' })
  updatedAt!: Date;
}
