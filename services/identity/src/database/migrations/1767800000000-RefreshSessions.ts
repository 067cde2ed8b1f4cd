import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sessions that can end: refresh tokens (hashed, in families, rotated) and each user's session version (raised by a
 * role, approval or password change; access tokens of an older version are refused).
 */
export class RefreshSessions1767800000000 implements MigrationInterface {
  name = 'RefreshSessions1767800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "identity"."users" ADD "session_version" integer NOT NULL DEFAULT '0'`);
    await queryRunner.query(
      `CREATE TABLE "identity"."refresh_tokens" ("id" uuid NOT NULL, "family_id" uuid NOT NULL, "user_id" uuid NOT NULL, "token_hash" character varying(64) NOT NULL, "family_expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "rotated_at" TIMESTAMP WITH TIME ZONE, "revoked_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "pk_refresh_tokens" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "ux_refresh_tokens_hash" ON "identity"."refresh_tokens" ("token_hash")`);
    await queryRunner.query(`CREATE INDEX "ix_refresh_tokens_family" ON "identity"."refresh_tokens" ("family_id")`);
    await queryRunner.query(`CREATE INDEX "ix_refresh_tokens_user" ON "identity"."refresh_tokens" ("user_id")`);
    await queryRunner.query(
      `ALTER TABLE "identity"."refresh_tokens" ADD CONSTRAINT "fk_refresh_tokens_user" FOREIGN KEY ("user_id") REFERENCES "identity"."users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "identity"."refresh_tokens" DROP CONSTRAINT "fk_refresh_tokens_user"`);
    await queryRunner.query(`DROP TABLE "identity"."refresh_tokens"`);
    await queryRunner.query(`ALTER TABLE "identity"."users" DROP COLUMN "session_version"`);
  }
}
