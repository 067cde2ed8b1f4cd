import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { UserEntity } from '../../users/entities/user.entity';

/**
 * One refresh token of a session ("family": a login and every rotation after it). Only its SHA-256 is stored. A
 * rotated token (`rotatedAt` set) is spent: presented again, it ends its whole family (reuse detection). The family
 * lives until `familyExpiresAt` (REFRESH_TOKEN_TTL_SECONDS after the login), however often it is rotated.
 */
@Entity({ name: 'refresh_tokens' })
@Index('ux_refresh_tokens_hash', ['tokenHash'], { unique: true })
@Index('ix_refresh_tokens_family', ['familyId'])
@Index('ix_refresh_tokens_user', ['userId'])
export class RefreshTokenEntity {
  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'pk_refresh_tokens' })
  id!: string;

  @Column('uuid', { name: 'family_id' })
  familyId!: string;

  @Column('uuid', { name: 'user_id' })
  userId!: string;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'fk_refresh_tokens_user' })
  user?: UserEntity;

  /** Hex SHA-256 of the token (a 256-bit random value: a plain hash is enough, no salt or slow hash needed). */
  @Column('varchar', { name: 'token_hash', length: 64 })
  tokenHash!: string;

  @Column('timestamptz', { name: 'family_expires_at' })
  familyExpiresAt!: Date;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'rotated_at', nullable: true })
  rotatedAt!: Date | null;

  @Column('timestamptz', { name: 'revoked_at', nullable: true })
  revokedAt!: Date | null;
}
