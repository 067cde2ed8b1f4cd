import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Light-truck, P-metric and flotation tire sizes (LT265/70/R17, 35X12.50R20LT) need up to 16 characters. */
export class TireSizes1767600000001 implements MigrationInterface {
  name = 'TireSizes1767600000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "requests"."service_requests" ALTER COLUMN "tire_size" TYPE character varying(16)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "requests"."service_requests" ALTER COLUMN "tire_size" TYPE character varying(11) USING left("tire_size", 11)`);
  }
}
