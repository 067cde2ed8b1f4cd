import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Disputes: the problems a job's customer or provider reported, and their resolution (issue 13 item 7). */
export class Disputes1768470000000 implements MigrationInterface {
  name = 'Disputes1768470000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "requests"."disputes" ("id" uuid NOT NULL, "request_id" uuid NOT NULL, "reporter_role" character varying(10) NOT NULL, "reporter_user_id" uuid NOT NULL, "reporter_name" character varying(120) NOT NULL, "category" character varying(30) NOT NULL, "description" character varying(2000) NOT NULL, "request_status" character varying(20) NOT NULL, "status" character varying(10) NOT NULL, "resolution_note" character varying(1000), "resolved_by" uuid, "resolved_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_disputes_resolution" CHECK (("status" = 'open') = ("resolved_at" IS NULL)), CONSTRAINT "ck_disputes_reporter_role" CHECK ("reporter_role" IN ('customer', 'provider')), CONSTRAINT "ck_disputes_status" CHECK ("status" IN ('open', 'resolved')), CONSTRAINT "pk_disputes" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_disputes_request" ON "requests"."disputes" ("request_id", "created_at")`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "ux_disputes_open_per_party" ON "requests"."disputes" ("request_id", "reporter_user_id") WHERE "status" = 'open'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "requests"."ux_disputes_open_per_party"`);
    await queryRunner.query(`DROP INDEX "requests"."ix_disputes_request"`);
    await queryRunner.query(`DROP TABLE "requests"."disputes"`);
  }
}
