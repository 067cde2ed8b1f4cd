import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Read models of the admin's Reports and Analytics (requests, money, ratings and provider names from events). */
export class Reports1768500000000 implements MigrationInterface {
  name = 'Reports1768500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "content"."report_requests" ("request_id" uuid NOT NULL, "customer_id" uuid, "provider_id" uuid, "created_at" TIMESTAMP WITH TIME ZONE, "accepted_at" TIMESTAMP WITH TIME ZONE, "arrived_at" TIMESTAMP WITH TIME ZONE, "confirmed_at" TIMESTAMP WITH TIME ZONE, "cancelled_at" TIMESTAMP WITH TIME ZONE, "cancelled_by_role" character varying(16), "provider_no_show" boolean NOT NULL DEFAULT false, "customer_no_show_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "pk_report_requests" PRIMARY KEY ("request_id"))`,
    );
    await q.query(
      `CREATE TABLE "content"."report_money" ("kind" character varying(16) NOT NULL, "source_id" character varying(255) NOT NULL, "request_id" uuid, "provider_id" uuid, "amount_cents" integer NOT NULL, "commission_cents" integer NOT NULL, "booked_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "pk_report_money" PRIMARY KEY ("kind", "source_id"))`,
    );
    await q.query(
      `CREATE TABLE "content"."report_ratings" ("rating_id" uuid NOT NULL, "provider_id" uuid NOT NULL, "rating" smallint NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "pk_report_ratings" PRIMARY KEY ("rating_id"))`,
    );
    await q.query(
      `CREATE TABLE "content"."report_providers" ("provider_id" uuid NOT NULL, "business_name" text NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "pk_report_providers" PRIMARY KEY ("provider_id"))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "content"."report_providers"`);
    await q.query(`DROP TABLE "content"."report_ratings"`);
    await q.query(`DROP TABLE "content"."report_money"`);
    await q.query(`DROP TABLE "content"."report_requests"`);
  }
}
