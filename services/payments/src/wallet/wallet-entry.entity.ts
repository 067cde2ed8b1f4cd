import { Check, Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';
import { bigintToNumber } from '../common/column-transformers';

export type WalletEntryKind = 'job_credit' | 'cancellation_credit' | 'tip' | 'withdrawal' | 'withdrawal_reversal' | 'refund_reversal';

/**
 * The append-only wallet ledger: the balance is the sum of a provider's entries. `(kind, reference)` is
 * unique, so a credit per request, a debit per withdrawal, a reversal per withdrawal and a refund's reversal
 * (`refund_reversal`, negative: the provider's share of an admin's refund) each happen once.
 */
@Entity({ name: 'wallet_entries' })
@Index('ux_wallet_entries_kind_reference', ['kind', 'reference'], { unique: true })
@Index('ix_wallet_entries_provider_created', ['providerId', 'createdAt'])
@Check('ck_wallet_entries_kind', `"kind" IN ('job_credit', 'cancellation_credit', 'tip', 'withdrawal', 'withdrawal_reversal', 'refund_reversal')`)
@Check('ck_wallet_entries_sign', `("kind" IN ('withdrawal', 'refund_reversal') AND "amount_cents" < 0) OR ("kind" NOT IN ('withdrawal', 'refund_reversal') AND "amount_cents" > 0)`)
export class WalletEntryEntity {
  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'pk_wallet_entries' })
  id!: string;

  @Column('uuid', { name: 'provider_id' })
  providerId!: string;

  @Column('bigint', { name: 'amount_cents', transformer: bigintToNumber })
  amountCents!: number;

  @Column('varchar', { length: 30 })
  kind!: WalletEntryKind;

  @Column('varchar', { length: 255 })
  reference!: string;

  @Column('varchar', { name: 'service_type', length: 80, nullable: true })
  serviceType!: string | null;

  /** A credit's gross (the job amount, or the cancellation fee) the provider's share was taken from. */
  @Column('bigint', { name: 'gross_cents', nullable: true, transformer: bigintToNumber })
  grossCents!: number | null;

  /** A credit's platform commission in percent, as in force when the job was confirmed (or cancelled). */
  @Column('smallint', { name: 'commission_percent', nullable: true })
  commissionPercent!: number | null;

  @Column('uuid', { name: 'request_id', nullable: true })
  requestId!: string | null;

  @Column('uuid', { name: 'withdrawal_id', nullable: true })
  withdrawalId!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
