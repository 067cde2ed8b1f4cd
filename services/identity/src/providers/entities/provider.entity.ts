import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  OneToOne,
  PrimaryColumn,
  UpdateDateColumn,
} from 'typeorm';
import { UserEntity } from '../../users/entities/user.entity';

/**
 * A provider (business) profile: one per user, every field of spec section 3.
 * Money in integer cents; `isApproved` null = pending, true = approved, false = rejected.
 */
@Entity({ name: 'providers' })
@Index('ix_providers_is_approved', ['isApproved'])
@Index('ix_providers_online_seen', ['lastSeenAt'], { where: `"online" = true` })
@Check('ck_providers_hourly_rate', `"hourly_rate_cents" >= 0`)
@Check('ck_providers_service_radius', `"service_radius_miles" > 0`)
export class ProviderEntity {
  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'pk_providers' })
  id!: string;

  @Column('uuid', { name: 'user_id' })
  userId!: string;

  @OneToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'fk_providers_user' })
  user?: UserEntity;

  @Column('varchar', { name: 'business_name', length: 120 })
  businessName!: string;

  @Column('varchar', { name: 'full_name', length: 120, nullable: true })
  fullName!: string | null;

  @Column('varchar', { length: 40 })
  phone!: string;

  @Column('integer', { name: 'hourly_rate_cents' })
  hourlyRateCents!: number;

  @Column('integer', { name: 'years_experience' })
  yearsExperience!: number;

  @Column('text', { name: 'service_types', array: true, default: () => `'{}'` })
  serviceTypes!: string[];

  @Column('double precision', { name: 'service_radius_miles' })
  serviceRadiusMiles!: number;

  @Column('varchar', { name: 'service_address', length: 300, nullable: true })
  serviceAddress!: string | null;

  /** The service address geocoded: the base position used for matching while no live position is known. */
  @Column('double precision', { name: 'service_lat', nullable: true })
  serviceLat!: number | null;

  @Column('double precision', { name: 'service_lng', nullable: true })
  serviceLng!: number | null;

  @Column('text', { name: 'vehicle_specs', nullable: true })
  vehicleSpecs!: string | null;

  @Column('boolean', { default: false })
  online!: boolean;

  /** The app's last presence report (switch, position or heartbeat); an online provider silent for longer than
   * PROVIDER_PRESENCE_TIMEOUT_SECONDS is set offline by the presence sweeper. */
  @Column('timestamptz', { name: 'last_seen_at', nullable: true })
  lastSeenAt!: Date | null;

  /** Upload id of the ID document. */
  @Column('varchar', { name: 'business_id', length: 100, nullable: true })
  businessId!: string | null;

  /** Upload id of the business licence. */
  @Column('varchar', { name: 'business_license', length: 100, nullable: true })
  businessLicense!: string | null;

  @Column('boolean', { name: 'is_approved', nullable: true })
  isApproved!: boolean | null;

  @Column('uuid', { name: 'reviewed_by', nullable: true })
  reviewedBy!: string | null;

  @Column('timestamptz', { name: 'reviewed_at', nullable: true })
  reviewedAt!: Date | null;

  @Column('integer', { name: 'total_jobs', default: 0 })
  totalJobs!: number;

  @Column('double precision', { nullable: true })
  rating!: number | null;

  @Column('varchar', { name: 'location_address', length: 300, nullable: true })
  locationAddress!: string | null;

  @Column('double precision', { name: 'location_lat', nullable: true })
  locationLat!: number | null;

  @Column('double precision', { name: 'location_lng', nullable: true })
  locationLng!: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
