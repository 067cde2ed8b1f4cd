import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Job progress timestamps on service requests, ratings (one per request) and the provider aggregate. */
export class JobProgressRatings1767400000000 implements MigrationInterface {
  name = 'JobProgressRatings1767400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "requests"."service_requests" ADD "arrived_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "requests"."service_requests" ADD "completion_reported_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "requests"."service_requests" ADD "confirmed_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(
      `CREATE TABLE "requests"."ratings" ("id" uuid NOT NULL, "request_id" uuid NOT NULL, "provider_id" uuid NOT NULL, "customer_id" uuid NOT NULL, "customer_user_id" uuid NOT NULL, "customer_name" character varying(120) NOT NULL, "rating" smallint NOT NULL, "comment" character varying(500), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_ratings_rating" CHECK ("rating" BETWEEN 1 AND 5), CONSTRAINT "pk_ratings" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_ratings_provider" ON "requests"."ratings" ("provider_id", "created_at")`);
    await queryRunner.query(`CREATE UNIQUE INDEX "ux_ratings_request" ON "requests"."ratings" ("request_id")`);
    await queryRunner.query(
      `CREATE TABLE "requests"."provider_stats" ("provider_id" uuid NOT NULL, "total_jobs" integer NOT NULL DEFAULT '0', "rating_count" integer NOT NULL DEFAULT '0', "rating_sum" integer NOT NULL DEFAULT '0', "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "pk_provider_stats" PRIMARY KEY ("provider_id"))`,
    );
    // Completed jobs before this migration count too.
    await queryRunner.query(
      `INSERT INTO "requests"."provider_stats" ("provider_id", "total_jobs")
       SELECT "provider_id", count(*) FROM "requests"."service_requests"
        WHERE "provider_id" IS NOT NULL AND "tire_status" IN ('Service Completed', 'Completed') GROUP BY "provider_id"`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "requests"."provider_stats"`);
    await queryRunner.query(`DROP INDEX "requests"."ux_ratings_request"`);
    await queryRunner.query(`DROP INDEX "requests"."ix_ratings_provider"`);
    await queryRunner.query(`DROP TABLE "requests"."ratings"`);
    await queryRunner.query(`ALTER TABLE "requests"."service_requests" DROP COLUMN "confirmed_at"`);
    await queryRunner.query(`ALTER TABLE "requests"."service_requests" DROP COLUMN "completion_reported_at"`);
    await queryRunner.query(`ALTER TABLE "requests"."service_requests" DROP COLUMN "arrived_at"`);
  }
}
