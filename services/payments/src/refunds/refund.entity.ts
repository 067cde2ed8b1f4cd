import type { RefundStatus } from '@tiredash/contracts';
import { Check, Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { bigintToNumber } from '../common/column-transformers';

/**
 * An admin's refund of a job's captured card payment (issue 13 item 7). The id is the one the admin's screen chose
 * (`refundId`): a retried click finds this row and repeats the Stripe call with the same idempotency key
 * (`refund:<id>`), so Stripe replays it instead of refunding twice. `pending` while Stripe is asked; `succeeded` in the
 * transaction that writes the provider's `refund_reversal` ledger entry; `failed` when Stripe refused (it no longer
 * counts against what is left to refund).
 */
@Entity({ name: 'refunds' })
@Index('ix_refunds_request', ['requestId', 'createdAt'])
@Index('ux_refunds_stripe', ['stripeRefundId'], { unique: true, where: `"stripe_refund_id" IS NOT NULL` })
@Check('ck_refunds_status', `"status" IN ('pending', 'succeeded', 'failed')`)
@Check('ck_refunds_amount', `"amount_cents" > 0`)
export class RefundEntity {
  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'pk_refunds' })
  id!: string;

  @Column('uuid', { name: 'request_id' })
  requestId!: string;

  @Column('uuid', { name: 'authorization_id' })
  authorizationId!: string;

  @Column('varchar', { name: 'payment_intent_id', length: 255 })
  paymentIntentId!: string;

  @Column('uuid', { name: 'customer_user_id' })
  customerUserId!: string;

  @Column('uuid', { name: 'provider_id' })
  providerId!: string;

  @Column('bigint', { name: 'amount_cents', transformer: bigintToNumber })
  amountCents!: number;

  @Column('varchar', { length: 20 })
  status!: RefundStatus;

  @Column('varchar', { name: 'stripe_refund_id', length: 255, nullable: true })
  stripeRefundId!: string | null;

  /** What the provider's wallet gave back for this refund, once recorded. */
  @Column('bigint', { name: 'provider_reversal_cents', nullable: true, transformer: bigintToNumber })
  providerReversalCents!: number | null;

  @Column('uuid', { name: 'dispute_id', nullable: true })
  disputeId!: string | null;

  @Column('uuid', { name: 'admin_user_id' })
  adminUserId!: string;

  @Column('varchar', { name: 'failure_message', length: 1000, nullable: true })
  failureMessage!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
