import { Check, Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { PaymentAccountStatus } from '@tiredash/contracts';

/** A provider's payment-account record (spec section 3): its Connect Express account and bank display data. */
@Entity({ name: 'payment_accounts' })
@Check('ck_payment_accounts_status', `"stripe_account_status" IN ('pending', 'active')`)
export class PaymentAccountEntity {
  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'pk_payment_accounts' })
  id!: string;

  @Column('uuid', { name: 'provider_id', unique: true })
  providerId!: string;

  @Column('varchar', { name: 'stripe_account_id', length: 255, unique: true })
  stripeAccountId!: string;

  @Column('varchar', { name: 'stripe_account_status', length: 10 })
  stripeAccountStatus!: PaymentAccountStatus;

  @Column('varchar', { name: 'bank_name', length: 120, nullable: true })
  bankName!: string | null;

  @Column('varchar', { name: 'account_type', length: 20, nullable: true })
  accountType!: 'individual' | 'company' | null;

  /** Last 4 digits only. */
  @Column('varchar', { name: 'bank_number', length: 4, nullable: true })
  bankNumber!: string | null;

  @Column('varchar', { name: 'bank_routing', length: 20, nullable: true })
  bankRouting!: string | null;

  @Column('varchar', { name: 'bank_status', length: 40, nullable: true })
  bankStatus!: string | null;

  @Column('varchar', { name: 'account_name', length: 120, nullable: true })
  accountName!: string | null;

  @Column('varchar', { name: 'account_address', length: 300, nullable: true })
  accountAddress!: string | null;

  @Column('varchar', { name: 'account_email', length: 254, nullable: true })
  accountEmail!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
