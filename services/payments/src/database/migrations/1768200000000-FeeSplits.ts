import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Fees from the admin's settings (issue 13, item 6): a hold keeps the card fee in force when it was authorised and a
 * capture the commission in force at the confirmation; a wallet credit keeps its gross and commission (what the
 * provider is shown, never recomputed). A cancellation fee is a credit of its own kind. Rows before this were all
 * $10 and 20%.
 */
export class FeeSplits1768200000000 implements MigrationInterface {
  name = 'FeeSplits1768200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "payments"."authorizations" ADD "fee_cents" bigint NOT NULL DEFAULT '1000'`);
    await q.query(`ALTER TABLE "payments"."authorizations" ALTER COLUMN "fee_cents" DROP DEFAULT`);
    await q.query(`ALTER TABLE "payments"."authorizations" ADD "commission_percent" smallint`);
    await q.query(`UPDATE "payments"."authorizations" SET "commission_percent" = 20 WHERE "status" = 'succeeded'`);
    await q.query(`ALTER TABLE "payments"."authorizations" ADD "cancellation_fee_cents" bigint`);
    await q.query(`ALTER TABLE "payments"."authorizations" ADD CONSTRAINT "ck_authorizations_fee" CHECK ("fee_cents" >= 0)`);
    await q.query(`ALTER TABLE "payments"."wallet_entries" ADD "gross_cents" bigint`);
    await q.query(`ALTER TABLE "payments"."wallet_entries" ADD "commission_percent" smallint`);
    await q.query(
      `UPDATE "payments"."wallet_entries" SET "commission_percent" = 20,
         "gross_cents" = COALESCE((SELECT a."captured_cents" - 1000 FROM "payments"."authorizations" a
                                    WHERE a."request_id" = "wallet_entries"."request_id" AND a."status" = 'succeeded' LIMIT 1), "amount_cents")
       WHERE "kind" = 'job_credit'`,
    );
    await q.query(`ALTER TABLE "payments"."wallet_entries" DROP CONSTRAINT "ck_wallet_entries_kind"`);
    await q.query(
      `ALTER TABLE "payments"."wallet_entries" ADD CONSTRAINT "ck_wallet_entries_kind" CHECK ("kind" IN ('job_credit', 'cancellation_credit', 'withdrawal', 'withdrawal_reversal'))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM "payments"."wallet_entries" WHERE "kind" = 'cancellation_credit'`);
    await q.query(`ALTER TABLE "payments"."wallet_entries" DROP CONSTRAINT "ck_wallet_entries_kind"`);
    await q.query(
      `ALTER TABLE "payments"."wallet_entries" ADD CONSTRAINT "ck_wallet_entries_kind" CHECK ("kind" IN ('job_credit', 'withdrawal', 'withdrawal_reversal'))`,
    );
    await q.query(`ALTER TABLE "payments"."wallet_entries" DROP COLUMN "commission_percent"`);
    await q.query(`ALTER TABLE "payments"."wallet_entries" DROP COLUMN "gross_cents"`);
    await q.query(`ALTER TABLE "payments"."authorizations" DROP CONSTRAINT "ck_authorizations_fee"`);
    await q.query(`ALTER TABLE "payments"."authorizations" DROP COLUMN "cancellation_fee_cents"`);
    await q.query(`ALTER TABLE "payments"."authorizations" DROP COLUMN "commission_percent"`);
    await q.query(`ALTER TABLE "payments"."authorizations" DROP COLUMN "fee_cents"`);
  }
}
