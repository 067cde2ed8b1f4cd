import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Holds that survive scheduling (issue 13 item 3): a card saved for a request scheduled further out than a hold lasts,
 * and the off-session hold payments places for it ahead of the job.
 */
export class ScheduledHolds1768700000000 implements MigrationInterface {
  name = 'ScheduledHolds1768700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "payments"."scheduled_holds" ("id" uuid NOT NULL, "customer_user_id" uuid NOT NULL, "request_id" uuid, "stripe_customer_id" character varying(255) NOT NULL, "payment_method_id" character varying(255) NOT NULL, "setup_intent_id" character varying(255) NOT NULL, "budget_cents" bigint NOT NULL, "fee_cents" bigint NOT NULL, "scheduled_time" TIMESTAMP WITH TIME ZONE, "status" character varying(10) NOT NULL, "generation" integer NOT NULL DEFAULT 0, "authorization_id" uuid, "authorized_at" TIMESTAMP WITH TIME ZONE, "failure_code" character varying(60), "failure_message" character varying(300), "version" integer NOT NULL DEFAULT 0, "idempotency_key" character varying(255) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_scheduled_holds_request_id" UNIQUE ("request_id"), CONSTRAINT "UQ_scheduled_holds_setup_intent_id" UNIQUE ("setup_intent_id"), CONSTRAINT "UQ_scheduled_holds_idempotency_key" UNIQUE ("idempotency_key"), CONSTRAINT "ck_scheduled_holds_status" CHECK ("status" IN ('saved', 'held', 'failed', 'ended')), CONSTRAINT "ck_scheduled_holds_budget" CHECK ("budget_cents" > 0), CONSTRAINT "ck_scheduled_holds_fee" CHECK ("fee_cents" >= 0), CONSTRAINT "pk_scheduled_holds" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE INDEX "ix_scheduled_holds_customer" ON "payments"."scheduled_holds" ("customer_user_id")`);
    await q.query(`CREATE INDEX "ix_scheduled_holds_due" ON "payments"."scheduled_holds" ("status") WHERE "request_id" IS NOT NULL AND "status" IN ('saved', 'held')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "payments"."scheduled_holds"`);
  }
}
