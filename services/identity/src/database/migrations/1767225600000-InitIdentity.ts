import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Users, customer profiles and provider (business) profiles of the `identity` schema. */
export class InitIdentity1767225600000 implements MigrationInterface {
  name = 'InitIdentity1767225600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "identity"."users" ("id" uuid NOT NULL, "username" character varying(100) NOT NULL, "email" character varying(254) NOT NULL, "password_hash" character varying(255) NOT NULL, "role" character varying(20), "account_type" character varying(20), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_97672ac88f789774dd47f7c8be3" UNIQUE ("email"), CONSTRAINT "ck_users_account_type" CHECK ("account_type" IS NULL OR "account_type" IN ('customer', 'provider')), CONSTRAINT "ck_users_role" CHECK ("role" IS NULL OR "role" IN ('customer', 'provider', 'admin')), CONSTRAINT "ck_users_email_lower" CHECK ("email" = lower("email")), CONSTRAINT "pk_users" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "identity"."customers" ("id" uuid NOT NULL, "user_id" uuid NOT NULL, "full_name" character varying(120) NOT NULL, "phone" character varying(40) NOT NULL, "payment_method" character varying(10), "total_jobs" integer NOT NULL DEFAULT '0', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "REL_11d81cd7be87b6f8865b0cf766" UNIQUE ("user_id"), CONSTRAINT "ck_customers_payment_method" CHECK ("payment_method" IS NULL OR "payment_method" IN ('cash', 'card')), CONSTRAINT "pk_customers" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "identity"."providers" ("id" uuid NOT NULL, "user_id" uuid NOT NULL, "business_name" character varying(120) NOT NULL, "full_name" character varying(120), "phone" character varying(40) NOT NULL, "hourly_rate_cents" integer NOT NULL, "years_experience" integer NOT NULL, "service_types" text array NOT NULL DEFAULT '{}', "service_radius_miles" double precision NOT NULL, "service_address" character varying(300), "vehicle_specs" text, "online" boolean NOT NULL DEFAULT false, "business_id" character varying(100), "business_license" character varying(100), "is_approved" boolean, "reviewed_by" uuid, "reviewed_at" TIMESTAMP WITH TIME ZONE, "wallet_balance_cents" bigint NOT NULL DEFAULT '0', "total_jobs" integer NOT NULL DEFAULT '0', "rating" double precision, "location_address" character varying(300), "location_lat" double precision, "location_lng" double precision, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "REL_842a46f6b0079a69520561eeb6" UNIQUE ("user_id"), CONSTRAINT "ck_providers_service_radius" CHECK ("service_radius_miles" > 0), CONSTRAINT "ck_providers_wallet_balance" CHECK ("wallet_balance_cents" >= 0), CONSTRAINT "ck_providers_hourly_rate" CHECK ("hourly_rate_cents" >= 0), CONSTRAINT "pk_providers" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_providers_is_approved" ON "identity"."providers" ("is_approved")`,
    );
    await queryRunner.query(
      `ALTER TABLE "identity"."customers" ADD CONSTRAINT "fk_customers_user" FOREIGN KEY ("user_id") REFERENCES "identity"."users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "identity"."providers" ADD CONSTRAINT "fk_providers_user" FOREIGN KEY ("user_id") REFERENCES "identity"."users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "identity"."providers" DROP CONSTRAINT "fk_providers_user"`);
    await queryRunner.query(`ALTER TABLE "identity"."customers" DROP CONSTRAINT "fk_customers_user"`);
    await queryRunner.query(`DROP INDEX "identity"."ix_providers_is_approved"`);
    await queryRunner.query(`DROP TABLE "identity"."providers"`);
    await queryRunner.query(`DROP TABLE "identity"."customers"`);
    await queryRunner.query(`DROP TABLE "identity"."users"`);
  }
}
