import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/** A card saved for a customer user: the Stripe PaymentMethod id and what the dialog shows of it. */
@Entity({ name: 'saved_cards' })
@Index('ix_saved_cards_user', ['userId'])
export class SavedCardEntity {
  @PrimaryColumn('varchar', { name: 'payment_method_id', length: 255, primaryKeyConstraintName: 'pk_saved_cards' })
  paymentMethodId!: string;

  @Column('uuid', { name: 'user_id' })
  userId!: string;

  @Column('varchar', { length: 4 })
  last4!: string;

  @Column('varchar', { length: 20 })
  brand!: string;

  @Column('integer', { name: 'exp_month' })
  expMonth!: number;

  @Column('integer', { name: 'exp_year' })
  expYear!: number;

  @Column('varchar', { length: 120, nullable: true })
  name!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
