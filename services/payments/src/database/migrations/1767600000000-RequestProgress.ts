import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Trust: payments follows a request's progress (arrival, completion report) from requests' events, so a capture
 * waits for the provider's completion report and the customer cannot void a hold once the provider has arrived.
 */
export class RequestProgress1767600000000 implements MigrationInterface {
  name = 'RequestProgress1767600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "payments"."request_refs" ADD "arrived_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "payments"."request_refs" ADD "completion_reported_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(
      `CREATE INDEX "ix_authorizations_unclaimed" ON "payments"."authorizations" ("created_at") WHERE "request_id" IS NULL AND "status" = 'requires_capture'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "payments"."ix_authorizations_unclaimed"`);
    await queryRunner.query(`ALTER TABLE "payments"."request_refs" DROP COLUMN "completion_reported_at"`);
    await queryRunner.query(`ALTER TABLE "payments"."request_refs" DROP COLUMN "arrived_at"`);
  }
}
