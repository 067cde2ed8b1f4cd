import { Check, Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { MediaEntity } from '../media/media.entity';

/** The platform settings: one row (id 1), created by the migration with the defaults. */
@Entity({ name: 'settings' })
@Check('ck_settings_single_row', `"id" = 1`)
@Check('ck_settings_service_fee', `"service_fee_dollars" BETWEEN 0 AND 100`)
@Check('ck_settings_wallet_fee', `"wallet_fee_percent" BETWEEN 0 AND 50`)
@Check('ck_settings_cancellation_fee', `"cancellation_fee_dollars" BETWEEN 0 AND 100`)
@Check('ck_settings_no_show_fee', `"no_show_fee_dollars" BETWEEN 0 AND 100`)
@Check('ck_settings_min_withdrawal', `"min_withdrawal_dollars" BETWEEN 1 AND 1000`)
export class SettingsEntity {
  @PrimaryColumn('smallint', { primaryKeyConstraintName: 'pk_settings' })
  id!: number;

  @Column('boolean', { default: true })
  messaging!: boolean;

  @Column('boolean', { default: false })
  voip!: boolean;

  @Column('boolean', { name: 'push_notifications', default: true })
  pushNotifications!: boolean;

  @Column('boolean', { default: false })
  tipping!: boolean;

  @Column('boolean', { default: false })
  advertising!: boolean;

  /** The card processing fee in whole dollars ('serviceFee'). */
  @Column('integer', { name: 'service_fee_dollars', default: 10 })
  serviceFeeDollars!: number;

  /** The platform's commission of a card job in percent ('walletFee'). */
  @Column('integer', { name: 'wallet_fee_percent', default: 20 })
  walletFeePercent!: number;

  @Column('integer', { name: 'cancellation_fee_dollars', default: 0 })
  cancellationFeeDollars!: number;

  /** Charged by payments from the hold of a card job whose customer the provider marked absent ('Customer not here'). */
  @Column('integer', { name: 'no_show_fee_dollars', default: 0 })
  noShowFeeDollars!: number;

  @Column('integer', { name: 'min_withdrawal_dollars', default: 5 })
  minWithdrawalDollars!: number;

  @Column('varchar', { name: 'mapbox_key', length: 500, nullable: true })
  mapboxKey!: string | null;

  /** AES-256-GCM sealed (see SecretBox); never answered. */
  @Column('text', { name: 'stripe_secret_key_sealed', nullable: true })
  stripeSecretKeySealed!: string | null;

  /** What may be shown of it: `sk_live_…abcd`. */
  @Column('varchar', { name: 'stripe_secret_key_mask', length: 100, nullable: true })
  stripeSecretKeyMask!: string | null;

  @Column('uuid', { name: 'logo_media_id', nullable: true })
  logoMediaId!: string | null;

  @ManyToOne(() => MediaEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'logo_media_id', foreignKeyConstraintName: 'fk_settings_logo_media' })
  logo?: MediaEntity | null;

  @Column('timestamptz', { name: 'updated_at', nullable: true })
  updatedAt!: Date | null;

  @Column('uuid', { name: 'updated_by', nullable: true })
  updatedBy!: string | null;
}
