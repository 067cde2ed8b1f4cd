import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The reported problems the admin's 'Reported Issues' tile counts (issue 13 item 7). */
export class KnownDisputes1768550000000 implements MigrationInterface {
  name = 'KnownDisputes1768550000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "content"."known_disputes" ("dispute_id" uuid NOT NULL, "request_id" uuid NOT NULL, "open" boolean NOT NULL, CONSTRAINT "pk_known_disputes" PRIMARY KEY ("dispute_id"))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "content"."known_disputes"`);
  }
}
