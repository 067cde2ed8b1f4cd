import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A customer user's Stripe Customer. */
@Entity({ name: 'stripe_customers' })
export class StripeCustomerEntity {
  @PrimaryColumn('uuid', { name: 'user_id', primaryKeyConstraintName: 'pk_stripe_customers' })
  userId!: string;

  @Column('varchar', { name: 'stripe_customer_id', length: 255, unique: true })
  stripeCustomerId!: string;

  @Column('varchar', { length: 254 })
  email!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
