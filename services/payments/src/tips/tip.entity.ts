import { Check, Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { bigintToNumber } from '../common/column-transformers';

export type TipStatus = 'pending' | 'succeeded';

/**
 * A customer's card tip for one job (one per request: the primary key). `pending` while its PaymentIntent is being
 * charged (a retry repeats the call with the same idempotency key, so Stripe replays it instead of charging twice);
 * `succeeded` once paid, in the transaction that credits the provider's wallet. A definite card refusal deletes the
 * pending row, so the customer can try again.
 */
@Entity({ name: 'tips' })
@Check('ck_tips_status', `"status" IN ('pending', 'succeeded')`)
@Check('ck_tips_amount', `"amount_cents" BETWEEN 100 AND 50000`)
export class TipEntity {
  @PrimaryColumn('uuid', { name: 'request_id', primaryKeyConstraintName: 'pk_tips' })
  requestId!: string;

  /** Keys the PaymentIntent's creation (`tip:<id>`): a new attempt after a refusal gets a new id. */
  @Column('uuid')
  id!: string;

  @Column('uuid', { name: 'customer_user_id' })
  customerUserId!: string;

  @Column('uuid', { name: 'provider_id' })
  providerId!: string;

  @Column('bigint', { name: 'amount_cents', transformer: bigintToNumber })
  amountCents!: number;

  @Column('varchar', { length: 20 })
  status!: TipStatus;

  @Column('varchar', { name: 'payment_intent_id', length: 255, nullable: true })
  paymentIntentId!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
