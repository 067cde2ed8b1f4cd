import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Refunds (issue 13 item 7): an admin's refunds of a job's captured card payment (`refunds`, keyed by the id the
 * admin's screen chose), and the provider's share of each taken back as a negative wallet entry of kind
 * `refund_reversal` (once per refund: the `(kind, reference)` key).
 */
export class Refunds1768470000000 implements MigrationInterface {
  name = 'Refunds1768470000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "payments"."refunds" ("id" uuid NOT NULL, "request_id" uuid NOT NULL, "authorization_id" uuid NOT NULL, "payment_intent_id" character varying(255) NOT NULL, "customer_user_id" uuid NOT NULL, "provider_id" uuid NOT NULL, "amount_cents" bigint NOT NULL, "status" character varying(20) NOT NULL, "stripe_refund_id" character varying(255), "provider_reversal_cents" bigint, "dispute_id" uuid, "admin_user_id" uuid NOT NULL, "failure_message" character varying(1000), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_refunds_amount" CHECK ("amount_cents" > 0), CONSTRAINT "ck_refunds_status" CHECK ("status" IN ('pending', 'succeeded', 'failed')), CONSTRAINT "pk_refunds" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE INDEX "ix_refunds_request" ON "payments"."refunds" ("request_id", "created_at")`);
    await q.query(`CREATE UNIQUE INDEX "ux_refunds_stripe" ON "payments"."refunds" ("stripe_refund_id") WHERE "stripe_refund_id" IS NOT NULL`);
    await q.query(`ALTER TABLE "payments"."wallet_entries" DROP CONSTRAINT "ck_wallet_entries_kind"`);
    await q.query(
      `ALTER TABLE "payments"."wallet_entries" ADD CONSTRAINT "ck_wallet_entries_kind" CHECK ("kind" IN ('job_credit', 'cancellation_credit', 'tip', 'withdrawal', 'withdrawal_reversal', 'refund_reversal'))`,
    );
    await q.query(`ALTER TABLE "payments"."wallet_entries" DROP CONSTRAINT "ck_wallet_entries_sign"`);
    await q.query(
      `ALTER TABLE "payments"."wallet_entries" ADD CONSTRAINT "ck_wallet_entries_sign" CHECK (("kind" IN ('withdrawal', 'refund_reversal') AND "amount_cents" < 0) OR ("kind" NOT IN ('withdrawal', 'refund_reversal') AND "amount_cents" > 0))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM "payments"."wallet_entries" WHERE "kind" = 'refund_reversal'`);
    await q.query(`ALTER TABLE "payments"."wallet_entries" DROP CONSTRAINT "ck_wallet_entries_sign"`);
    await q.query(
      `ALTER TABLE "payments"."wallet_entries" ADD CONSTRAINT "ck_wallet_entries_sign" CHECK (("kind" = 'withdrawal' AND "amount_cents" < 0) OR ("kind" <> 'withdrawal' AND "amount_cents" > 0))`,
    );
    await q.query(`ALTER TABLE "payments"."wallet_entries" DROP CONSTRAINT "ck_wallet_entries_kind"`);
    await q.query(
      `ALTER TABLE "payments"."wallet_entries" ADD CONSTRAINT "ck_wallet_entries_kind" CHECK ("kind" IN ('job_credit', 'cancellation_credit', 'tip', 'withdrawal', 'withdrawal_reversal'))`,
    );
    await q.query(`DROP INDEX "payments"."ux_refunds_stripe"`);
    await q.query(`DROP INDEX "payments"."ix_refunds_request"`);
    await q.query(`DROP TABLE "payments"."refunds"`);
  }
}
