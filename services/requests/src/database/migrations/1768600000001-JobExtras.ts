import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Extras: the items a provider adds on site and the customer's answers (issue 13 item 1). */
export class JobExtras1768600000001 implements MigrationInterface {
  name = 'JobExtras1768600000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "requests"."job_extras" ("id" uuid NOT NULL, "request_id" uuid NOT NULL, "service_type" character varying(60) NOT NULL, "amount_cents" integer NOT NULL, "status" character varying(20) NOT NULL, "client_extra_id" uuid NOT NULL, "charge_total_cents" integer, "decline_message" character varying(300), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "answered_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "ck_job_extras_amount" CHECK ("amount_cents" > 0), CONSTRAINT "ck_job_extras_status" CHECK ("status" IN ('pending', 'approved', 'declined', 'card_declined')), CONSTRAINT "pk_job_extras" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_job_extras_request" ON "requests"."job_extras" ("request_id", "created_at")`);
    await queryRunner.query(`CREATE UNIQUE INDEX "ux_job_extras_client" ON "requests"."job_extras" ("request_id", "client_extra_id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "requests"."ux_job_extras_client"`);
    await queryRunner.query(`DROP INDEX "requests"."ix_job_extras_request"`);
    await queryRunner.query(`DROP TABLE "requests"."job_extras"`);
  }
}
