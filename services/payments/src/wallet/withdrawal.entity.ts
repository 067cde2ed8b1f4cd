import { Check, Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { bigintToNumber } from '../common/column-transformers';

export type WithdrawalStatus = 'pending' | 'paid' | 'failed';

/** A provider's withdrawal: its id is the idempotency key of its Stripe transfer and payout. */
@Entity({ name: 'withdrawals' })
@Index('ix_withdrawals_provider', ['providerId'])
@Check('ck_withdrawals_status', `"status" IN ('pending', 'paid', 'failed')`)
@Check('ck_withdrawals_amount', `"amount_cents" > 0`)
export class WithdrawalEntity {
  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'pk_withdrawals' })
  id!: string;

  @Column('uuid', { name: 'provider_id' })
  providerId!: string;

  @Column('varchar', { name: 'stripe_account_id', length: 255 })
  stripeAccountId!: string;

  @Column('bigint', { name: 'amount_cents', transformer: bigintToNumber })
  amountCents!: number;

  @Column('varchar', { length: 10 })
  status!: WithdrawalStatus;

  @Column('varchar', { name: 'stripe_transfer_id', length: 255, nullable: true })
  stripeTransferId!: string | null;

  @Column('varchar', { name: 'stripe_payout_id', length: 255, nullable: true })
  stripePayoutId!: string | null;

  @Column('text', { name: 'failure_message', nullable: true })
  failureMessage!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
