import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Pages, platform settings (one row with the defaults), media, the append-only audit log (a trigger refuses
 * UPDATE, DELETE and TRUNCATE) and the read models the admin stat tiles count.
 */
export class InitContent1767400000000 implements MigrationInterface {
  name = 'InitContent1767400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "content"."media" ("id" uuid NOT NULL, "purpose" character varying(20) NOT NULL, "name" character varying(255) NOT NULL, "file_name" character varying(120) NOT NULL, "mime" character varying(30) NOT NULL, "size_bytes" integer NOT NULL, "storage_key" character varying(300) NOT NULL, "uploaded_by" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_9ba0d5268d6f75eca1b62cf10bd" UNIQUE ("storage_key"), CONSTRAINT "ck_media_size" CHECK ("size_bytes" > 0), CONSTRAINT "ck_media_mime" CHECK ("mime" IN ('image/jpeg', 'image/png', 'image/gif', 'image/webp')), CONSTRAINT "ck_media_purpose" CHECK ("purpose" IN ('registration', 'request-photo', 'profile-image', 'logo')), CONSTRAINT "pk_media" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE INDEX "ix_media_uploaded_by" ON "content"."media" ("uploaded_by")`);
    await q.query(
      `CREATE TABLE "content"."pages" ("key" character varying(20) NOT NULL, "data" jsonb NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL, "updated_by" uuid NOT NULL, CONSTRAINT "ck_pages_key" CHECK ("key" IN ('home', 'about', 'contact', 'careers', 'privacy', 'terms')), CONSTRAINT "pk_pages" PRIMARY KEY ("key"))`,
    );
    await q.query(
      `CREATE TABLE "content"."settings" ("id" smallint NOT NULL, "messaging" boolean NOT NULL DEFAULT true, "voip" boolean NOT NULL DEFAULT false, "push_notifications" boolean NOT NULL DEFAULT true, "tipping" boolean NOT NULL DEFAULT false, "advertising" boolean NOT NULL DEFAULT false, "service_fee_percent" integer NOT NULL DEFAULT '10', "wallet_fee_percent" integer NOT NULL DEFAULT '20', "mapbox_key" character varying(500), "stripe_secret_key_sealed" text, "stripe_secret_key_mask" character varying(100), "logo_media_id" uuid, "updated_at" TIMESTAMP WITH TIME ZONE, "updated_by" uuid, CONSTRAINT "ck_settings_wallet_fee" CHECK ("wallet_fee_percent" BETWEEN 0 AND 100), CONSTRAINT "ck_settings_service_fee" CHECK ("service_fee_percent" BETWEEN 0 AND 100), CONSTRAINT "ck_settings_single_row" CHECK ("id" = 1), CONSTRAINT "pk_settings" PRIMARY KEY ("id"))`,
    );
    await q.query(
      `ALTER TABLE "content"."settings" ADD CONSTRAINT "fk_settings_logo_media" FOREIGN KEY ("logo_media_id") REFERENCES "content"."media"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await q.query(`INSERT INTO "content"."settings" ("id") VALUES (1)`);
    await q.query(
      `CREATE TABLE "content"."audit_log" ("id" uuid NOT NULL, "seq" BIGSERIAL NOT NULL, "at" TIMESTAMP WITH TIME ZONE NOT NULL, "by_user" uuid, "by_role" character varying(20), "action" character varying(100) NOT NULL, "target" character varying(200) NOT NULL, "before" jsonb, "after" jsonb, "source" character varying(20) NOT NULL, "event_id" uuid, CONSTRAINT "UQ_c37ba8970192420a944eaef393d" UNIQUE ("event_id"), CONSTRAINT "ck_audit_log_source" CHECK ("source" IN ('content', 'identity')), CONSTRAINT "pk_audit_log" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE INDEX "ix_audit_log_seq" ON "content"."audit_log" ("seq")`);
    await q.query(
      `CREATE FUNCTION "content"."audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'audit_log is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege'; END $$`,
    );
    await q.query(
      `CREATE TRIGGER "tr_audit_log_no_update_delete" BEFORE UPDATE OR DELETE ON "content"."audit_log" FOR EACH ROW EXECUTE FUNCTION "content"."audit_log_append_only"()`,
    );
    await q.query(
      `CREATE TRIGGER "tr_audit_log_no_truncate" BEFORE TRUNCATE ON "content"."audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "content"."audit_log_append_only"()`,
    );
    await q.query(
      `CREATE TABLE "content"."known_customers" ("id" uuid NOT NULL, "seen_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "pk_known_customers" PRIMARY KEY ("id"))`,
    );
    await q.query(
      `CREATE TABLE "content"."known_providers" ("id" uuid NOT NULL, "created" boolean NOT NULL DEFAULT true, "is_approved" boolean, "seen_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "pk_known_providers" PRIMARY KEY ("id"))`,
    );
    await q.query(
      `CREATE TABLE "content"."known_jobs" ("request_id" uuid NOT NULL, "accepted_at" TIMESTAMP WITH TIME ZONE, "cancelled" boolean NOT NULL DEFAULT false, CONSTRAINT "pk_known_jobs" PRIMARY KEY ("request_id"))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "content"."known_jobs"`);
    await q.query(`DROP TABLE "content"."known_providers"`);
    await q.query(`DROP TABLE "content"."known_customers"`);
    await q.query(`DROP TRIGGER "tr_audit_log_no_truncate" ON "content"."audit_log"`);
    await q.query(`DROP TRIGGER "tr_audit_log_no_update_delete" ON "content"."audit_log"`);
    // DROP TABLE is not refused by the triggers: only a migration (schema owner) removes the log.
    await q.query(`DROP TABLE "content"."audit_log"`);
    await q.query(`DROP FUNCTION "content"."audit_log_append_only"()`);
    await q.query(`ALTER TABLE "content"."settings" DROP CONSTRAINT "fk_settings_logo_media"`);
    await q.query(`DROP TABLE "content"."settings"`);
    await q.query(`DROP TABLE "content"."pages"`);
    await q.query(`DROP INDEX "content"."ix_media_uploaded_by"`);
    await q.query(`DROP TABLE "content"."media"`);
  }
}
