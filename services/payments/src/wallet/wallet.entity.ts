import { CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** One row per provider: the row every ledger change locks (SELECT ... FOR UPDATE) first. */
@Entity({ name: 'wallets' })
export class WalletEntity {
  @PrimaryColumn('uuid', { name: 'provider_id', primaryKeyConstraintName: 'pk_wallets' })
  providerId!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
