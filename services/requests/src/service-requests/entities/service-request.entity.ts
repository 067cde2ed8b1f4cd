import type { PaymentMethod, RequestStatus, ServiceType } from '@tiredash/contracts';
import { Check, Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * A customer's service request, every field of spec section 3. Money in integer cents. The customer's
 * documentId, fullName and phone are copied from the customer read model at creation. `providerId`,
 * `acceptedBidId` and `amountCents` are set together, exactly once, when a bid is accepted.
 */
@Entity({ name: 'service_requests' })
@Index('ix_service_requests_customer', ['customerId', 'createdAt'])
@Index('ix_service_requests_customer_user', ['customerUserId'])
@Index('ix_service_requests_provider', ['providerId', 'createdAt'])
@Index('ix_service_requests_status', ['tireStatus', 'createdAt'])
@Index('ix_service_requests_open_expiry', ['expiresAt'], { where: `"tire_status" = 'Bids Open'` })
@Check('ck_service_requests_status', `"tire_status" IN ('Bids Open', 'Accepted', 'In Progress', 'Service Completed', 'Completed', 'Customer No-Show', 'Cancelled', 'Expired')`)
@Check('ck_service_requests_payment_method', `"payment_method" IN ('cash', 'card')`)
@Check('ck_service_requests_budget', `"budget_cents" > 0`)
@Check('ck_service_requests_accepted', `("accepted_bid_id" IS NULL) = ("provider_id" IS NULL) AND ("accepted_bid_id" IS NULL) = ("amount_cents" IS NULL)`)
export class ServiceRequestEntity {
  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'pk_service_requests' })
  id!: string;

  @Column('uuid', { name: 'customer_id' })
  customerId!: string;

  @Column('uuid', { name: 'customer_user_id' })
  customerUserId!: string;

  @Column('varchar', { name: 'customer_full_name', length: 120 })
  customerFullName!: string;

  @Column('varchar', { name: 'customer_phone', length: 40 })
  customerPhone!: string;

  @Column('varchar', { name: 'service_type', length: 40 })
  serviceType!: ServiceType;

  @Column('varchar', { name: 'tire_size', length: 16 })
  tireSize!: string;

  @Column('varchar', { name: 'tire_brand', length: 80, nullable: true })
  tireBrand!: string | null;

  @Column('varchar', { name: 'tire_status', length: 20 })
  tireStatus!: RequestStatus;

  /** The free-text `status` the client may send. */
  @Column('varchar', { name: 'client_status', length: 40, nullable: true })
  clientStatus!: string | null;

  @Column('varchar', { length: 300, nullable: true })
  address!: string | null;

  @Column('double precision')
  lat!: number;

  @Column('double precision')
  lng!: number;

  @Column('text', { nullable: true })
  description!: string | null;

  @Column('text', { nullable: true })
  notes!: string | null;

  @Column('integer', { name: 'budget_cents' })
  budgetCents!: number;

  @Column('varchar', { length: 30, default: 'normal' })
  priority!: string;

  @Column('varchar', { length: 30, default: 'normal' })
  urgency!: string;

  @Column('timestamptz', { name: 'scheduled_time', nullable: true })
  scheduledTime!: Date | null;

  @Column('text', { array: true, default: () => `'{}'` })
  photos!: string[];

  @Column('varchar', { name: 'payment_method', length: 10 })
  paymentMethod!: PaymentMethod;

  @Column('integer', { name: 'amount_cents', nullable: true })
  amountCents!: number | null;

  @Column('uuid', { name: 'provider_id', nullable: true })
  providerId!: string | null;

  @Column('uuid', { name: 'accepted_bid_id', nullable: true })
  acceptedBidId!: string | null;

  @Column('timestamptz', { name: 'accepted_at', nullable: true })
  acceptedAt!: Date | null;

  @Column('timestamptz', { name: 'cancelled_at', nullable: true })
  cancelledAt!: Date | null;

  /** Who cancelled: 'customer', 'provider' (the accepted provider) or 'admin'. */
  @Column('varchar', { name: 'cancelled_by_role', length: 10, nullable: true })
  cancelledByRole!: 'customer' | 'provider' | 'admin' | null;

  /** The provider's reason for cancelling an accepted job. */
  @Column('varchar', { name: 'cancel_reason', length: 300, nullable: true })
  cancelReason!: string | null;

  /** With no bid accepted by then, the request expires (REQUEST_OPEN_SECONDS after creation). */
  @Column('timestamptz', { name: 'expires_at' })
  expiresAt!: Date;

  /** The provider pressed 'I AM HERE' (Accepted -> In Progress). */
  @Column('timestamptz', { name: 'arrived_at', nullable: true })
  arrivedAt!: Date | null;

  /** The provider reported the job done ('JOB COMPLETED'); the customer may confirm from then on. */
  @Column('timestamptz', { name: 'completion_reported_at', nullable: true })
  completionReportedAt!: Date | null;

  /** The customer confirmed (In Progress -> Service Completed), after a successful capture for card jobs. */
  @Column('timestamptz', { name: 'confirmed_at', nullable: true })
  confirmedAt!: Date | null;

  /** Metres from the provider's latest streamed position to the job at 'I AM HERE' (null: no position was known). */
  @Column('integer', { name: 'arrival_distance_meters', nullable: true })
  arrivalDistanceMeters!: number | null;

  /** Why the provider pressed 'I AM HERE' although its position was farther than the arrival distance or unknown (admins see it; no no-show fee rests on such an arrival). */
  @Column('varchar', { name: 'arrival_override_reason', length: 300, nullable: true })
  arrivalOverrideReason!: string | null;

  /** The provider marked the customer absent after the wait (Customer No-Show). */
  @Column('timestamptz', { name: 'no_show_at', nullable: true })
  noShowAt!: Date | null;

  /** The no-show fee asked of the card hold (0: cash, nothing charged). */
  @Column('integer', { name: 'no_show_fee_cents', nullable: true })
  noShowFeeCents!: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
