import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A provider's wallet balance is the payments ledger's sum (payments service); identity's own copy, which
 * nothing may write any more, goes.
 */
export class DropWalletBalance1767500000000 implements MigrationInterface {
  name = 'DropWalletBalance1767500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "identity"."providers" DROP CONSTRAINT "ck_providers_wallet_balance"`);
    await queryRunner.query(`ALTER TABLE "identity"."providers" DROP COLUMN "wallet_balance_cents"`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "identity"."providers" ADD "wallet_balance_cents" bigint NOT NULL DEFAULT '0'`);
    await queryRunner.query(
      `ALTER TABLE "identity"."providers" ADD CONSTRAINT "ck_providers_wallet_balance" CHECK ("wallet_balance_cents" >= 0)`,
    );
  }
}
