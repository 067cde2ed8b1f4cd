import type { ScheduledHoldStatus } from '@tiredash/contracts';
import { Check, Column, CreateDateColumn, Entity, Index, PrimaryColumn, Unique, UpdateDateColumn } from 'typeorm';
import { bigintToNumber } from '../common/column-transformers';

/**
 * A card saved (SetupIntent, usage off_session) for a card request scheduled further out than a hold lasts, and the
 * off-session hold payments places for it ahead of the job (issue 13 item 3). Unclaimed until the request's
 * RequestCreated links it (as an authorisation is linked).
 */
@Entity({ name: 'scheduled_holds' })
@Unique('UQ_scheduled_holds_request_id', ['requestId'])
@Unique('UQ_scheduled_holds_setup_intent_id', ['setupIntentId'])
@Unique('UQ_scheduled_holds_idempotency_key', ['idempotencyKey'])
@Index('ix_scheduled_holds_customer', ['customerUserId'])
@Index('ix_scheduled_holds_due', ['status'], { where: `"request_id" IS NOT NULL AND "status" IN ('saved', 'held')` })
@Check('ck_scheduled_holds_status', `"status" IN ('saved', 'held', 'failed', 'ended')`)
@Check('ck_scheduled_holds_budget', `"budget_cents" > 0`)
@Check('ck_scheduled_holds_fee', `"fee_cents" >= 0`)
export class ScheduledHoldEntity {
  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'pk_scheduled_holds' })
  id!: string;

  @Column('uuid', { name: 'customer_user_id' })
  customerUserId!: string;

  @Column('uuid', { name: 'request_id', nullable: true })
  requestId!: string | null;

  @Column('varchar', { name: 'stripe_customer_id', length: 255 })
  stripeCustomerId!: string;

  /** The card authorised off-session (the saved one, or the one the customer fixed it with). */
  @Column('varchar', { name: 'payment_method_id', length: 255 })
  paymentMethodId!: string;

  @Column('varchar', { name: 'setup_intent_id', length: 255 })
  setupIntentId!: string;

  /** The request's budget (what an unaccepted request's hold is for, plus the fee). */
  @Column('bigint', { name: 'budget_cents', transformer: bigintToNumber })
  budgetCents!: number;

  /** The card fee in force when the card was saved: every hold of this plan carries it. */
  @Column('bigint', { name: 'fee_cents', transformer: bigintToNumber })
  feeCents!: number;

  /** The request's scheduled time (from RequestCreated); null: as soon as linked. */
  @Column('timestamptz', { name: 'scheduled_time', nullable: true })
  scheduledTime!: Date | null;

  @Column('varchar', { length: 10 })
  status!: ScheduledHoldStatus;

  /** Which authorisation attempt comes next: part of its Stripe idempotency key (a failure or a renewal moves it on). */
  @Column('integer', { default: 0 })
  generation!: number;

  /** The live hold this plan placed or adopted. */
  @Column('uuid', { name: 'authorization_id', nullable: true })
  authorizationId!: string | null;

  /** When that hold was made at the processor (its PaymentIntent's `created`): it lapses 7 days after. */
  @Column('timestamptz', { name: 'authorized_at', nullable: true })
  authorizedAt!: Date | null;

  @Column('varchar', { name: 'failure_code', length: 60, nullable: true })
  failureCode!: string | null;

  @Column('varchar', { name: 'failure_message', length: 300, nullable: true })
  failureMessage!: string | null;

  /** Bumped with each change told to the parties (ScheduledHoldChanged.version). */
  @Column('integer', { default: 0 })
  version!: number;

  @Column('varchar', { name: 'idempotency_key', length: 255 })
  idempotencyKey!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
