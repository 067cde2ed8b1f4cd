import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Extras of card jobs: each answer as payments recorded it, the approved ones part of the capture (issue 13 item 1). */
export class ExtraHolds1768600000002 implements MigrationInterface {
  name = 'ExtraHolds1768600000002';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "payments"."extra_holds" ("extra_id" uuid NOT NULL, "request_id" uuid NOT NULL, "service_type" character varying(60) NOT NULL, "amount_cents" bigint NOT NULL, "status" character varying(20) NOT NULL, "authorization_id" uuid, "charge_total_cents" bigint, "decline_message" character varying(300), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_extra_holds_amount" CHECK ("amount_cents" > 0), CONSTRAINT "ck_extra_holds_status" CHECK ("status" IN ('approved', 'declined', 'card_declined')), CONSTRAINT "pk_extra_holds" PRIMARY KEY ("extra_id"))`,
    );
    await q.query(`CREATE INDEX "ix_extra_holds_request" ON "payments"."extra_holds" ("request_id")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "payments"."ix_extra_holds_request"`);
    await q.query(`DROP TABLE "payments"."extra_holds"`);
  }
}
