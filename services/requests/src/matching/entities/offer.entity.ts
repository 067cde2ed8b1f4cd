import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { ServiceRequestEntity } from '../../service-requests/entities/service-request.entity';

/** A request offered to a matched provider at creation: only offered providers may see and bid on it. */
@Entity({ name: 'offers' })
@Index('ix_offers_provider', ['providerId', 'offeredAt'])
export class OfferEntity {
  @PrimaryColumn('uuid', { name: 'request_id', primaryKeyConstraintName: 'pk_offers' })
  requestId!: string;

  @PrimaryColumn('uuid', { name: 'provider_id', primaryKeyConstraintName: 'pk_offers' })
  providerId!: string;

  @ManyToOne(() => ServiceRequestEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'request_id', foreignKeyConstraintName: 'fk_offers_request' })
  request?: ServiceRequestEntity;

  /** Miles from the provider's position to the request at matching time. */
  @Column('double precision', { name: 'distance_miles' })
  distanceMiles!: number;

  @Column('timestamptz', { name: 'offered_at', default: () => 'now()' })
  offeredAt!: Date;
}
