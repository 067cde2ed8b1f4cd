import { Check, Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { bigintToNumber } from '../common/column-transformers';

export type AuthorizationStatus = 'requires_capture' | 'succeeded' | 'canceled';

/** One manual-capture PaymentIntent of a customer, for a request (once linked). */
@Entity({ name: 'authorizations' })
@Index('ix_authorizations_request', ['requestId'])
@Index('ix_authorizations_customer', ['customerUserId'])
@Index('ix_authorizations_unclaimed', ['createdAt'], { where: `"request_id" IS NULL AND "status" = 'requires_capture'` })
@Check('ck_authorizations_status', `"status" IN ('requires_capture', 'succeeded', 'canceled')`)
@Check('ck_authorizations_amount', `"amount_cents" > 0`)
@Check('ck_authorizations_fee', `"fee_cents" >= 0`)
export class AuthorizationEntity {
  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'pk_authorizations' })
  id!: string;

  @Column('uuid', { name: 'customer_user_id' })
  customerUserId!: string;

  @Column('uuid', { name: 'request_id', nullable: true })
  requestId!: string | null;

  @Column('varchar', { name: 'payment_intent_id', length: 255, unique: true })
  paymentIntentId!: string;

  @Column('varchar', { name: 'payment_method_id', length: 255 })
  paymentMethodId!: string;

  @Column('bigint', { name: 'amount_cents', transformer: bigintToNumber })
  amountCents!: number;

  /** The card processing fee in this hold: the setting in force when it was authorised (a replacement keeps it). */
  @Column('bigint', { name: 'fee_cents', transformer: bigintToNumber })
  feeCents!: number;

  @Column('varchar', { length: 20 })
  status!: AuthorizationStatus;

  @Column('bigint', { name: 'captured_cents', nullable: true, transformer: bigintToNumber })
  capturedCents!: number | null;

  @Column('uuid', { name: 'provider_id', nullable: true })
  providerId!: string | null;

  /** The platform's commission in force when the job was confirmed (the capture); null before. */
  @Column('smallint', { name: 'commission_percent', nullable: true })
  commissionPercent!: number | null;

  /** When the capture is a cancellation fee (the customer cancelled after acceptance): that fee; null otherwise. */
  @Column('bigint', { name: 'cancellation_fee_cents', nullable: true, transformer: bigintToNumber })
  cancellationFeeCents!: number | null;

  /** The authorisation that replaced this one (re-authorisation at another amount). */
  @Column('uuid', { name: 'replaced_by', nullable: true })
  replacedBy!: string | null;

  @Column('varchar', { name: 'idempotency_key', length: 255, unique: true })
  idempotencyKey!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
