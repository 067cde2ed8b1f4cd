import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Supply: requests expire when no bid is accepted in time (status Expired), a cancel records who cancelled and
 * the provider's reason.
 */
export class Supply1767600000000 implements MigrationInterface {
  name = 'Supply1767600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "requests"."service_requests" DROP CONSTRAINT "ck_service_requests_status"`);
    await queryRunner.query(
      `ALTER TABLE "requests"."service_requests" ADD CONSTRAINT "ck_service_requests_status" CHECK ("tire_status" IN ('Bids Open', 'Accepted', 'In Progress', 'Service Completed', 'Completed', 'Cancelled', 'Expired'))`,
    );
    await queryRunner.query(`ALTER TABLE "requests"."service_requests" ADD "cancelled_by_role" character varying(10)`);
    await queryRunner.query(`ALTER TABLE "requests"."service_requests" ADD "cancel_reason" character varying(300)`);
    await queryRunner.query(`ALTER TABLE "requests"."service_requests" ADD "expires_at" TIMESTAMP WITH TIME ZONE`);
    // Requests open before this migration get the default open time from their creation.
    await queryRunner.query(`UPDATE "requests"."service_requests" SET "expires_at" = "created_at" + interval '30 minutes'`);
    await queryRunner.query(`ALTER TABLE "requests"."service_requests" ALTER COLUMN "expires_at" SET NOT NULL`);
    await queryRunner.query(
      `CREATE INDEX "ix_service_requests_open_expiry" ON "requests"."service_requests" ("expires_at") WHERE "tire_status" = 'Bids Open'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "requests"."ix_service_requests_open_expiry"`);
    await queryRunner.query(`ALTER TABLE "requests"."service_requests" DROP COLUMN "expires_at"`);
    await queryRunner.query(`ALTER TABLE "requests"."service_requests" DROP COLUMN "cancel_reason"`);
    await queryRunner.query(`ALTER TABLE "requests"."service_requests" DROP COLUMN "cancelled_by_role"`);
    await queryRunner.query(`UPDATE "requests"."service_requests" SET "tire_status" = 'Cancelled' WHERE "tire_status" = 'Expired'`);
    await queryRunner.query(`ALTER TABLE "requests"."service_requests" DROP CONSTRAINT "ck_service_requests_status"`);
    await queryRunner.query(
      `ALTER TABLE "requests"."service_requests" ADD CONSTRAINT "ck_service_requests_status" CHECK ("tire_status" IN ('Bids Open', 'Accepted', 'In Progress', 'Service Completed', 'Completed', 'Cancelled'))`,
    );
  }
}
