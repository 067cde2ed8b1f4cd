import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  JoinColumn,
  OneToOne,
  PrimaryColumn,
  UpdateDateColumn,
} from 'typeorm';
import type { PaymentMethod } from '@tiredash/contracts';
import { UserEntity } from '../../users/entities/user.entity';

/** A customer profile: one per user. Saved cards live in the payments service. */
@Entity({ name: 'customers' })
@Check('ck_customers_payment_method', `"payment_method" IS NULL OR "payment_method" IN ('cash', 'card')`)
export class CustomerEntity {
  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'pk_customers' })
  id!: string;

  @Column('uuid', { name: 'user_id' })
  userId!: string;

  @OneToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'fk_customers_user' })
  user?: UserEntity;

  @Column('varchar', { name: 'full_name', length: 120 })
  fullName!: string;

  @Column('varchar', { length: 40 })
  phone!: string;

  @Column('varchar', { name: 'payment_method', length: 10, nullable: true })
  paymentMethod!: PaymentMethod | null;

  @Column('integer', { name: 'total_jobs', default: 0 })
  totalJobs!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
