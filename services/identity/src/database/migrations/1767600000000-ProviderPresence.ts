import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Supply: a provider's base location (its service address geocoded) and the app's last presence report, so an
 * online provider whose app went silent is set offline.
 */
export class ProviderPresence1767600000000 implements MigrationInterface {
  name = 'ProviderPresence1767600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "identity"."providers" ADD "service_lat" double precision`);
    await queryRunner.query(`ALTER TABLE "identity"."providers" ADD "service_lng" double precision`);
    await queryRunner.query(`ALTER TABLE "identity"."providers" ADD "last_seen_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`UPDATE "identity"."providers" SET "last_seen_at" = now() WHERE "online" = true`);
    await queryRunner.query(
      `CREATE INDEX "ix_providers_online_seen" ON "identity"."providers" ("last_seen_at") WHERE "online" = true`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "identity"."ix_providers_online_seen"`);
    await queryRunner.query(`ALTER TABLE "identity"."providers" DROP COLUMN "last_seen_at"`);
    await queryRunner.query(`ALTER TABLE "identity"."providers" DROP COLUMN "service_lng"`);
    await queryRunner.query(`ALTER TABLE "identity"."providers" DROP COLUMN "service_lat"`);
  }
}
