import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Read models of the totalRevenue and averageRating tiles, fed by requests' confirmed and rating events. */
export class RevenueRatings1767400000002 implements MigrationInterface {
  name = 'RevenueRatings1767400000002';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "content"."known_completions" ("request_id" uuid NOT NULL, "amount_cents" integer NOT NULL, "confirmed_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "pk_known_completions" PRIMARY KEY ("request_id"))`,
    );
    await q.query(
      `CREATE TABLE "content"."known_ratings" ("rating_id" uuid NOT NULL, "rating" smallint NOT NULL, CONSTRAINT "pk_known_ratings" PRIMARY KEY ("rating_id"))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "content"."known_ratings"`);
    await q.query(`DROP TABLE "content"."known_completions"`);
  }
}
