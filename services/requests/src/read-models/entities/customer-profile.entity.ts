import { Column, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * Local read model of identity's customer profiles (CustomerCreated/CustomerUpdated): what a request stores
 * of its customer (documentId, fullName, phone) and the customer's chosen payment method.
 */
@Entity({ name: 'customer_profiles' })
@Index('ux_customer_profiles_user', ['userId'], { unique: true })
export class CustomerProfileEntity {
  /** The customer documentId in identity. */
  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'pk_customer_profiles' })
  id!: string;

  @Column('uuid', { name: 'user_id' })
  userId!: string;

  @Column('varchar', { name: 'full_name', length: 120 })
  fullName!: string;

  @Column('varchar', { length: 40 })
  phone!: string;

  @Column('varchar', { name: 'payment_method', length: 10, nullable: true })
  paymentMethod!: 'cash' | 'card' | null;

  /** occurredAt of the event that last wrote the row; an older event never overwrites a newer one. */
  @Column('timestamptz', { name: 'source_at' })
  sourceAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
