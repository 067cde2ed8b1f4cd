import { Check, Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/** A customer's rating of a completed request's provider: one per request (unique request_id). */
@Entity({ name: 'ratings' })
@Index('ux_ratings_request', ['requestId'], { unique: true })
@Index('ix_ratings_provider', ['providerId', 'createdAt'])
@Check('ck_ratings_rating', `"rating" BETWEEN 1 AND 5`)
export class RatingEntity {
  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'pk_ratings' })
  id!: string;

  @Column('uuid', { name: 'request_id' })
  requestId!: string;

  @Column('uuid', { name: 'provider_id' })
  providerId!: string;

  @Column('uuid', { name: 'customer_id' })
  customerId!: string;

  @Column('uuid', { name: 'customer_user_id' })
  customerUserId!: string;

  @Column('varchar', { name: 'customer_name', length: 120 })
  customerName!: string;

  @Column('smallint')
  rating!: number;

  @Column('varchar', { length: 500, nullable: true })
  comment!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
