import { Column, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * Local read model of identity's provider profiles (ProviderCreated/Updated/Approved/Rejected), used for
 * matching and for the provider data shown on bids. `coverage` is the lat/lng bounding box of the service
 * radius around the provider's position (x = lng, y = lat), GiST-indexed for approved online providers; a
 * provider without a position has no coverage and is never matched.
 */
@Entity({ name: 'provider_profiles' })
@Index('ux_provider_profiles_user', ['userId'], { unique: true })
@Index('ix_provider_profiles_coverage', ['coverage'], { spatial: true, where: `"is_approved" = true AND "online" = true` })
export class ProviderProfileEntity {
  /** The provider (business) documentId in identity. */
  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'pk_provider_profiles' })
  id!: string;

  @Column('uuid', { name: 'user_id' })
  userId!: string;

  @Column('varchar', { name: 'business_name', length: 120 })
  businessName!: string;

  @Column('varchar', { name: 'full_name', length: 120, nullable: true })
  fullName!: string | null;

  @Column('varchar', { length: 40 })
  phone!: string;

  @Column('text', { name: 'service_types', array: true, default: () => `'{}'` })
  serviceTypes!: string[];

  @Column('double precision', { name: 'service_radius_miles' })
  serviceRadiusMiles!: number;

  @Column('varchar', { name: 'service_address', length: 300, nullable: true })
  serviceAddress!: string | null;

  @Column('double precision', { nullable: true })
  lat!: number | null;

  @Column('double precision', { nullable: true })
  lng!: number | null;

  @Column('box', { nullable: true })
  coverage!: string | null;

  @Column('boolean', { default: false })
  online!: boolean;

  @Column('boolean', { name: 'is_approved', nullable: true })
  isApproved!: boolean | null;

  @Column('timestamptz', { name: 'source_at' })
  sourceAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
