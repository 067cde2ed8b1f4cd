import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * No-shows (issue 13 item 2): where the provider was at 'I AM HERE' and why it arrived anyway when far, the
 * customer's no-show (status 'Customer No-Show', when and the fee), and each provider's no-show count.
 */
export class NoShows1768400000002 implements MigrationInterface {
  name = 'NoShows1768400000002';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "requests"."service_requests" ADD "arrival_distance_meters" integer`);
    await queryRunner.query(`ALTER TABLE "requests"."service_requests" ADD "arrival_override_reason" character varying(300)`);
    await queryRunner.query(`ALTER TABLE "requests"."service_requests" ADD "no_show_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "requests"."service_requests" ADD "no_show_fee_cents" integer`);
    await queryRunner.query(`ALTER TABLE "requests"."service_requests" DROP CONSTRAINT "ck_service_requests_status"`);
    await queryRunner.query(
      `ALTER TABLE "requests"."service_requests" ADD CONSTRAINT "ck_service_requests_status" CHECK ("tire_status" IN ('Bids Open', 'Accepted', 'In Progress', 'Service Completed', 'Completed', 'Customer No-Show', 'Cancelled', 'Expired'))`,
    );
    await queryRunner.query(`ALTER TABLE "requests"."provider_stats" ADD "no_shows" integer NOT NULL DEFAULT '0'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "requests"."provider_stats" DROP COLUMN "no_shows"`);
    await queryRunner.query(`ALTER TABLE "requests"."service_requests" DROP CONSTRAINT "ck_service_requests_status"`);
    await queryRunner.query(
      `ALTER TABLE "requests"."service_requests" ADD CONSTRAINT "ck_service_requests_status" CHECK ("tire_status" IN ('Bids Open', 'Accepted', 'In Progress', 'Service Completed', 'Completed', 'Cancelled', 'Expired'))`,
    );
    await queryRunner.query(`ALTER TABLE "requests"."service_requests" DROP COLUMN "no_show_fee_cents"`);
    await queryRunner.query(`ALTER TABLE "requests"."service_requests" DROP COLUMN "no_show_at"`);
    await queryRunner.query(`ALTER TABLE "requests"."service_requests" DROP COLUMN "arrival_override_reason"`);
    await queryRunner.query(`ALTER TABLE "requests"."service_requests" DROP COLUMN "arrival_distance_meters"`);
  }
}
