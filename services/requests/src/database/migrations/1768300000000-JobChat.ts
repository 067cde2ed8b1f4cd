import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Job chat: the messages between a request's customer and its accepted provider (issue 13 item 4). */
export class JobChat1768300000000 implements MigrationInterface {
  name = 'JobChat1768300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "requests"."job_messages" ("id" uuid NOT NULL, "request_id" uuid NOT NULL, "sender_role" character varying(10) NOT NULL, "sender_user_id" uuid NOT NULL, "sender_name" character varying(120) NOT NULL, "client_message_id" uuid NOT NULL, "text" character varying(1000) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_job_messages_text" CHECK (char_length("text") BETWEEN 1 AND 1000), CONSTRAINT "ck_job_messages_sender_role" CHECK ("sender_role" IN ('customer', 'provider')), CONSTRAINT "pk_job_messages" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_job_messages_request" ON "requests"."job_messages" ("request_id", "created_at")`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "ux_job_messages_client" ON "requests"."job_messages" ("request_id", "sender_user_id", "client_message_id")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "requests"."ux_job_messages_client"`);
    await queryRunner.query(`DROP INDEX "requests"."ix_job_messages_request"`);
    await queryRunner.query(`DROP TABLE "requests"."job_messages"`);
  }
}
