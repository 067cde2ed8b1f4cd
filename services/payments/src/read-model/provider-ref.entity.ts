import { Column, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** Identity's providers as payments needs them (business id -> owning user), from identity's events. */
@Entity({ name: 'provider_refs' })
@Index('ix_provider_refs_user', ['userId'])
export class ProviderRefEntity {
  @PrimaryColumn('uuid', { name: 'provider_id', primaryKeyConstraintName: 'pk_provider_refs' })
  providerId!: string;

  @Column('uuid', { name: 'user_id' })
  userId!: string;

  @Column('varchar', { name: 'business_name', length: 120 })
  businessName!: string;

  /** identity's isApproved (null: pending): only an approved provider withdraws. */
  @Column('boolean', { name: 'is_approved', nullable: true })
  isApproved!: boolean | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
