import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Uploads are private by default (issue 10, item 4): each media row says whether it is public site content or a
 * private file served only through signed URLs. Its owner is `uploaded_by` (the uploading user, already recorded).
 * Existing rows are private, except logos: only an admin may upload one (content checks it at registration), and they
 * are the site content the homepage and header show to anyone.
 */
export class UploadVisibility1767700000000 implements MigrationInterface {
  name = 'UploadVisibility1767700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "content"."media" ADD "visibility" character varying(10) NOT NULL DEFAULT 'private'`);
    await q.query(`UPDATE "content"."media" SET "visibility" = 'public' WHERE "purpose" = 'logo'`);
    // New rows name their visibility explicitly (content derives it from the purpose).
    await q.query(`ALTER TABLE "content"."media" ALTER COLUMN "visibility" DROP DEFAULT`);
    await q.query(`ALTER TABLE "content"."media" ADD CONSTRAINT "ck_media_visibility" CHECK ("visibility" IN ('public', 'private'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "content"."media" DROP CONSTRAINT "ck_media_visibility"`);
    await q.query(`ALTER TABLE "content"."media" DROP COLUMN "visibility"`);
  }
}
