import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Service requests, bids, offers (matching) and the customer/provider read models of the `requests` schema.
 * Matching: `provider_profiles.coverage` is the lat/lng box of each provider's service radius, GiST-indexed for
 * approved online providers, so "who covers this point" is an index scan even with 100k providers.
 */
export class InitRequests1767312000000 implements MigrationInterface {
  name = 'InitRequests1767312000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "requests"."service_requests" ("id" uuid NOT NULL, "customer_id" uuid NOT NULL, "customer_user_id" uuid NOT NULL, "customer_full_name" character varying(120) NOT NULL, "customer_phone" character varying(40) NOT NULL, "service_type" character varying(40) NOT NULL, "tire_size" character varying(11) NOT NULL, "tire_brand" character varying(80), "tire_status" character varying(20) NOT NULL, "client_status" character varying(40), "address" character varying(300), "lat" double precision NOT NULL, "lng" double precision NOT NULL, "description" text, "notes" text, "budget_cents" integer NOT NULL, "priority" character varying(30) NOT NULL DEFAULT 'normal', "urgency" character varying(30) NOT NULL DEFAULT 'normal', "scheduled_time" TIMESTAMP WITH TIME ZONE, "photos" text array NOT NULL DEFAULT '{}', "payment_method" character varying(10) NOT NULL, "amount_cents" integer, "provider_id" uuid, "accepted_bid_id" uuid, "accepted_at" TIMESTAMP WITH TIME ZONE, "cancelled_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_service_requests_accepted" CHECK (("accepted_bid_id" IS NULL) = ("provider_id" IS NULL) AND ("accepted_bid_id" IS NULL) = ("amount_cents" IS NULL)), CONSTRAINT "ck_service_requests_budget" CHECK ("budget_cents" > 0), CONSTRAINT "ck_service_requests_payment_method" CHECK ("payment_method" IN ('cash', 'card')), CONSTRAINT "ck_service_requests_status" CHECK ("tire_status" IN ('Bids Open', 'Accepted', 'In Progress', 'Service Completed', 'Completed', 'Cancelled')), CONSTRAINT "pk_service_requests" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_service_requests_status" ON "requests"."service_requests" ("tire_status", "created_at")`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_service_requests_provider" ON "requests"."service_requests" ("provider_id", "created_at")`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_service_requests_customer_user" ON "requests"."service_requests" ("customer_user_id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_service_requests_customer" ON "requests"."service_requests" ("customer_id", "created_at")`,
    );
    await queryRunner.query(
      `CREATE TABLE "requests"."bids" ("id" uuid NOT NULL, "request_id" uuid NOT NULL, "provider_id" uuid NOT NULL, "amount_cents" integer NOT NULL, "estimated_arrival_minutes" integer NOT NULL, "notes" text, "message" text, "status" character varying(10) NOT NULL, "lat" double precision, "lng" double precision, "distance_miles" double precision, "submitted_at" TIMESTAMP WITH TIME ZONE NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "closed_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_bids_eta" CHECK ("estimated_arrival_minutes" >= 0), CONSTRAINT "ck_bids_amount" CHECK ("amount_cents" >= 100), CONSTRAINT "ck_bids_status" CHECK ("status" IN ('pending', 'accepted', 'expired', 'closed', 'replaced')), CONSTRAINT "pk_bids" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_bids_pending_expiry" ON "requests"."bids" ("expires_at") WHERE "status" = 'pending'`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "ux_bids_live" ON "requests"."bids" ("request_id", "provider_id") WHERE "status" = 'pending'`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_bids_provider" ON "requests"."bids" ("provider_id", "submitted_at")`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_bids_request" ON "requests"."bids" ("request_id", "submitted_at")`,
    );
    await queryRunner.query(
      `CREATE TABLE "requests"."offers" ("request_id" uuid NOT NULL, "provider_id" uuid NOT NULL, "distance_miles" double precision NOT NULL, "offered_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "pk_offers" PRIMARY KEY ("request_id", "provider_id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_offers_provider" ON "requests"."offers" ("provider_id", "offered_at")`,
    );
    await queryRunner.query(
      `CREATE TABLE "requests"."customer_profiles" ("id" uuid NOT NULL, "user_id" uuid NOT NULL, "full_name" character varying(120) NOT NULL, "phone" character varying(40) NOT NULL, "payment_method" character varying(10), "source_at" TIMESTAMP WITH TIME ZONE NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "pk_customer_profiles" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "ux_customer_profiles_user" ON "requests"."customer_profiles" ("user_id")`,
    );
    await queryRunner.query(
      `CREATE TABLE "requests"."provider_profiles" ("id" uuid NOT NULL, "user_id" uuid NOT NULL, "business_name" character varying(120) NOT NULL, "full_name" character varying(120), "phone" character varying(40) NOT NULL, "service_types" text array NOT NULL DEFAULT '{}', "service_radius_miles" double precision NOT NULL, "service_address" character varying(300), "lat" double precision, "lng" double precision, "coverage" box, "online" boolean NOT NULL DEFAULT false, "is_approved" boolean, "source_at" TIMESTAMP WITH TIME ZONE NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "pk_provider_profiles" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_provider_profiles_coverage" ON "requests"."provider_profiles" USING GiST ("coverage") WHERE "is_approved" = true AND "online" = true`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "ux_provider_profiles_user" ON "requests"."provider_profiles" ("user_id")`,
    );
    await queryRunner.query(
      `ALTER TABLE "requests"."bids" ADD CONSTRAINT "fk_bids_request" FOREIGN KEY ("request_id") REFERENCES "requests"."service_requests"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "requests"."offers" ADD CONSTRAINT "fk_offers_request" FOREIGN KEY ("request_id") REFERENCES "requests"."service_requests"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "requests"."offers" DROP CONSTRAINT "fk_offers_request"`);
    await queryRunner.query(`ALTER TABLE "requests"."bids" DROP CONSTRAINT "fk_bids_request"`);
    await queryRunner.query(`DROP TABLE "requests"."provider_profiles"`);
    await queryRunner.query(`DROP TABLE "requests"."customer_profiles"`);
    await queryRunner.query(`DROP TABLE "requests"."offers"`);
    await queryRunner.query(`DROP TABLE "requests"."bids"`);
    await queryRunner.query(`DROP TABLE "requests"."service_requests"`);
  }
}
