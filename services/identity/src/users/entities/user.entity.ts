import { Check, Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { Role } from '@tiredash/contracts';

export type AccountType = 'customer' | 'provider';

/** A person who can log in. `id` is also the API's `documentId`. Emails are stored lower-cased. */
@Entity({ name: 'users' })
@Check('ck_users_email_lower', `"email" = lower("email")`)
@Check('ck_users_role', `"role" IS NULL OR "role" IN ('customer', 'provider', 'admin')`)
@Check('ck_users_account_type', `"account_type" IS NULL OR "account_type" IN ('customer', 'provider')`)
export class UserEntity {
  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'pk_users' })
  id!: string;

  @Column('varchar', { length: 100 })
  username!: string;

  @Column('varchar', { length: 254, unique: true })
  email!: string;

  @Column('varchar', { name: 'password_hash', length: 255 })
  passwordHash!: string;

  @Column('varchar', { length: 20, nullable: true })
  role!: Role | null;

  @Column('varchar', { name: 'account_type', length: 20, nullable: true })
  accountType!: AccountType | null;

  /**
   * Raised by a role, approval or password change (with a UserSessionsRevoked event): access tokens carry the version
   * they were issued at (`sv`), and an older one is refused.
   */
  @Column('integer', { name: 'session_version', default: 0 })
  sessionVersion!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
