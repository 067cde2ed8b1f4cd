import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every admin fee has an effect (issue 13, item 6): the service fee is the card processing fee in whole dollars
 * (it was labelled a percentage and read by nothing; its default 10 is the $10 the card label states), the wallet
 * fee the platform's commission (at most 50%), and three new settings: the cancellation fee, the no-show fee (for
 * a no-show feature not built yet) and the minimum withdrawal, each in whole dollars with its range.
 */
export class FeeSettings1768200000000 implements MigrationInterface {
  name = 'FeeSettings1768200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "content"."settings" RENAME COLUMN "service_fee_percent" TO "service_fee_dollars"`);
    await q.query(`ALTER TABLE "content"."settings" DROP CONSTRAINT "ck_settings_wallet_fee"`);
    await q.query(`UPDATE "content"."settings" SET "wallet_fee_percent" = 50 WHERE "wallet_fee_percent" > 50`);
    await q.query(`ALTER TABLE "content"."settings" ADD CONSTRAINT "ck_settings_wallet_fee" CHECK ("wallet_fee_percent" BETWEEN 0 AND 50)`);
    await q.query(`ALTER TABLE "content"."settings" ADD "cancellation_fee_dollars" integer NOT NULL DEFAULT '0'`);
    await q.query(`ALTER TABLE "content"."settings" ADD "no_show_fee_dollars" integer NOT NULL DEFAULT '0'`);
    await q.query(`ALTER TABLE "content"."settings" ADD "min_withdrawal_dollars" integer NOT NULL DEFAULT '5'`);
    await q.query(`ALTER TABLE "content"."settings" ADD CONSTRAINT "ck_settings_cancellation_fee" CHECK ("cancellation_fee_dollars" BETWEEN 0 AND 100)`);
    await q.query(`ALTER TABLE "content"."settings" ADD CONSTRAINT "ck_settings_no_show_fee" CHECK ("no_show_fee_dollars" BETWEEN 0 AND 100)`);
    await q.query(`ALTER TABLE "content"."settings" ADD CONSTRAINT "ck_settings_min_withdrawal" CHECK ("min_withdrawal_dollars" BETWEEN 1 AND 1000)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "content"."settings" DROP CONSTRAINT "ck_settings_min_withdrawal"`);
    await q.query(`ALTER TABLE "content"."settings" DROP CONSTRAINT "ck_settings_no_show_fee"`);
    await q.query(`ALTER TABLE "content"."settings" DROP CONSTRAINT "ck_settings_cancellation_fee"`);
    await q.query(`ALTER TABLE "content"."settings" DROP COLUMN "min_withdrawal_dollars"`);
    await q.query(`ALTER TABLE "content"."settings" DROP COLUMN "no_show_fee_dollars"`);
    await q.query(`ALTER TABLE "content"."settings" DROP COLUMN "cancellation_fee_dollars"`);
    await q.query(`ALTER TABLE "content"."settings" DROP CONSTRAINT "ck_settings_wallet_fee"`);
    await q.query(`ALTER TABLE "content"."settings" ADD CONSTRAINT "ck_settings_wallet_fee" CHECK ("wallet_fee_percent" BETWEEN 0 AND 100)`);
    await q.query(`ALTER TABLE "content"."settings" RENAME COLUMN "service_fee_dollars" TO "service_fee_percent"`);
  }
}
