import { Check, Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';
import { bigintToNumber } from '../common/column-transformers';

export type ExtraHoldStatus = 'approved' | 'declined' | 'card_declined';

/**
 * The customer's answer to one extra of a card job, as payments recorded it (issue 13 item 1): an approved row raised
 * the hold and is part of the capture; a declined or card_declined one never is. One row per extra: the first answer
 * recorded is the answer.
 */
@Entity({ name: 'extra_holds' })
@Index('ix_extra_holds_request', ['requestId'])
@Check('ck_extra_holds_status', `"status" IN ('approved', 'declined', 'card_declined')`)
@Check('ck_extra_holds_amount', `"amount_cents" > 0`)
export class ExtraHoldEntity {
  @PrimaryColumn('uuid', { name: 'extra_id', primaryKeyConstraintName: 'pk_extra_holds' })
  extraId!: string;

  @Column('uuid', { name: 'request_id' })
  requestId!: string;

  @Column('varchar', { name: 'service_type', length: 60 })
  serviceType!: string;

  @Column('bigint', { name: 'amount_cents', transformer: bigintToNumber })
  amountCents!: number;

  @Column('varchar', { length: 20 })
  status!: ExtraHoldStatus;

  /** The hold it raised (approved) or that was live when it was answered. */
  @Column('uuid', { name: 'authorization_id', nullable: true })
  authorizationId!: string | null;

  /** approved: the hold's total after the raise (bid + approved extras + card fee). */
  @Column('bigint', { name: 'charge_total_cents', nullable: true, transformer: bigintToNumber })
  chargeTotalCents!: number | null;

  @Column('varchar', { name: 'decline_message', length: 300, nullable: true })
  declineMessage!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
