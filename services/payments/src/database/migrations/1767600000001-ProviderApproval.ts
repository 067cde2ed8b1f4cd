import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Trust: payments knows whether a provider is approved (from identity's snapshots): only an approved one withdraws. */
export class ProviderApproval1767600000001 implements MigrationInterface {
  name = 'ProviderApproval1767600000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "payments"."provider_refs" ADD "is_approved" boolean`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "payments"."provider_refs" DROP COLUMN "is_approved"`);
  }
}
