import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Card tips (issue 13, item 5): one tip per job (`tips`, keyed by the request), paid in full to the provider as a
 * wallet entry of its own kind `tip` (no commission).
 */
export class Tips1768400000000 implements MigrationInterface {
  name = 'Tips1768400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "payments"."tips" ("request_id" uuid NOT NULL, "id" uuid NOT NULL, "customer_user_id" uuid NOT NULL, "provider_id" uuid NOT NULL, "amount_cents" bigint NOT NULL, "status" character varying(20) NOT NULL, "payment_intent_id" character varying(255), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_tips_amount" CHECK ("amount_cents" BETWEEN 100 AND 50000), CONSTRAINT "ck_tips_status" CHECK ("status" IN ('pending', 'succeeded')), CONSTRAINT "pk_tips" PRIMARY KEY ("request_id"))`,
    );
    await q.query(`ALTER TABLE "payments"."wallet_entries" DROP CONSTRAINT "ck_wallet_entries_kind"`);
    await q.query(
      `ALTER TABLE "payments"."wallet_entries" ADD CONSTRAINT "ck_wallet_entries_kind" CHECK ("kind" IN ('job_credit', 'cancellation_credit', 'tip', 'withdrawal', 'withdrawal_reversal'))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM "payments"."wallet_entries" WHERE "kind" = 'tip'`);
    await q.query(`ALTER TABLE "payments"."wallet_entries" DROP CONSTRAINT "ck_wallet_entries_kind"`);
    await q.query(
      `ALTER TABLE "payments"."wallet_entries" ADD CONSTRAINT "ck_wallet_entries_kind" CHECK ("kind" IN ('job_credit', 'cancellation_credit', 'withdrawal', 'withdrawal_reversal'))`,
    );
    await q.query(`DROP TABLE "payments"."tips"`);
  }
}
