import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Payments' tables: read models, Stripe customers and saved cards, authorisations, payment accounts, the wallet ledger, withdrawals, webhook ids. */
export class InitPayments1767225700000 implements MigrationInterface {
  name = 'InitPayments1767225700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "payments"."payment_accounts" ("id" uuid NOT NULL, "provider_id" uuid NOT NULL, "stripe_account_id" character varying(255) NOT NULL, "stripe_account_status" character varying(10) NOT NULL, "bank_name" character varying(120), "account_type" character varying(20), "bank_number" character varying(4), "bank_routing" character varying(20), "bank_status" character varying(40), "account_name" character varying(120), "account_address" character varying(300), "account_email" character varying(254), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_5dddb0ceae9bd088fb7852da8ee" UNIQUE ("provider_id"), CONSTRAINT "UQ_0fe538e453db94c9e604430804b" UNIQUE ("stripe_account_id"), CONSTRAINT "ck_payment_accounts_status" CHECK ("stripe_account_status" IN ('pending', 'active')), CONSTRAINT "pk_payment_accounts" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE TABLE "payments"."authorizations" ("id" uuid NOT NULL, "customer_user_id" uuid NOT NULL, "request_id" uuid, "payment_intent_id" character varying(255) NOT NULL, "payment_method_id" character varying(255) NOT NULL, "amount_cents" bigint NOT NULL, "status" character varying(20) NOT NULL, "captured_cents" bigint, "provider_id" uuid, "replaced_by" uuid, "idempotency_key" character varying(255) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_40dc2dbea19a37527169467302c" UNIQUE ("payment_intent_id"), CONSTRAINT "UQ_e8dc8ca20f4e79ce18fc609fa2f" UNIQUE ("idempotency_key"), CONSTRAINT "ck_authorizations_amount" CHECK ("amount_cents" > 0), CONSTRAINT "ck_authorizations_status" CHECK ("status" IN ('requires_capture', 'succeeded', 'canceled')), CONSTRAINT "pk_authorizations" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "ix_authorizations_customer" ON "payments"."authorizations" ("customer_user_id")`);
    await queryRunner.query(`CREATE INDEX "ix_authorizations_request" ON "payments"."authorizations" ("request_id")`);
    await queryRunner.query(`CREATE TABLE "payments"."saved_cards" ("payment_method_id" character varying(255) NOT NULL, "user_id" uuid NOT NULL, "last4" character varying(4) NOT NULL, "brand" character varying(20) NOT NULL, "exp_month" integer NOT NULL, "exp_year" integer NOT NULL, "name" character varying(120), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "pk_saved_cards" PRIMARY KEY ("payment_method_id"))`);
    await queryRunner.query(`CREATE INDEX "ix_saved_cards_user" ON "payments"."saved_cards" ("user_id")`);
    await queryRunner.query(`CREATE TABLE "payments"."stripe_customers" ("user_id" uuid NOT NULL, "stripe_customer_id" character varying(255) NOT NULL, "email" character varying(254) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_788f896d391ed9f54f32cef923e" UNIQUE ("stripe_customer_id"), CONSTRAINT "pk_stripe_customers" PRIMARY KEY ("user_id"))`);
    await queryRunner.query(`CREATE TABLE "payments"."provider_refs" ("provider_id" uuid NOT NULL, "user_id" uuid NOT NULL, "business_name" character varying(120) NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "pk_provider_refs" PRIMARY KEY ("provider_id"))`);
    await queryRunner.query(`CREATE INDEX "ix_provider_refs_user" ON "payments"."provider_refs" ("user_id")`);
    await queryRunner.query(`CREATE TABLE "payments"."request_refs" ("request_id" uuid NOT NULL, "customer_user_id" uuid NOT NULL, "payment_method" character varying(10) NOT NULL, "budget_cents" bigint NOT NULL, "service_type" character varying(80), "provider_id" uuid, "accepted_amount_cents" bigint, "status" character varying(30) NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "pk_request_refs" PRIMARY KEY ("request_id"))`);
    await queryRunner.query(`CREATE TABLE "payments"."wallet_entries" ("id" uuid NOT NULL, "provider_id" uuid NOT NULL, "amount_cents" bigint NOT NULL, "kind" character varying(30) NOT NULL, "reference" character varying(255) NOT NULL, "service_type" character varying(80), "request_id" uuid, "withdrawal_id" uuid, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_wallet_entries_sign" CHECK (("kind" = 'withdrawal' AND "amount_cents" < 0) OR ("kind" <> 'withdrawal' AND "amount_cents" > 0)), CONSTRAINT "ck_wallet_entries_kind" CHECK ("kind" IN ('job_credit', 'withdrawal', 'withdrawal_reversal')), CONSTRAINT "pk_wallet_entries" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "ix_wallet_entries_provider_created" ON "payments"."wallet_entries" ("provider_id", "created_at")`);
    await queryRunner.query(`CREATE UNIQUE INDEX "ux_wallet_entries_kind_reference" ON "payments"."wallet_entries" ("kind", "reference")`);
    await queryRunner.query(`CREATE TABLE "payments"."wallets" ("provider_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "pk_wallets" PRIMARY KEY ("provider_id"))`);
    await queryRunner.query(`CREATE TABLE "payments"."withdrawals" ("id" uuid NOT NULL, "provider_id" uuid NOT NULL, "stripe_account_id" character varying(255) NOT NULL, "amount_cents" bigint NOT NULL, "status" character varying(10) NOT NULL, "stripe_transfer_id" character varying(255), "stripe_payout_id" character varying(255), "failure_message" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_withdrawals_amount" CHECK ("amount_cents" > 0), CONSTRAINT "ck_withdrawals_status" CHECK ("status" IN ('pending', 'paid', 'failed')), CONSTRAINT "pk_withdrawals" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "ix_withdrawals_provider" ON "payments"."withdrawals" ("provider_id")`);
    await queryRunner.query(`CREATE TABLE "payments"."webhook_events" ("event_id" character varying(255) NOT NULL, "type" character varying(100) NOT NULL, "received_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "pk_webhook_events" PRIMARY KEY ("event_id"))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "payments"."webhook_events"`);
    await queryRunner.query(`DROP INDEX "payments"."ix_withdrawals_provider"`);
    await queryRunner.query(`DROP TABLE "payments"."withdrawals"`);
    await queryRunner.query(`DROP TABLE "payments"."wallets"`);
    await queryRunner.query(`DROP INDEX "payments"."ux_wallet_entries_kind_reference"`);
    await queryRunner.query(`DROP INDEX "payments"."ix_wallet_entries_provider_created"`);
    await queryRunner.query(`DROP TABLE "payments"."wallet_entries"`);
    await queryRunner.query(`DROP TABLE "payments"."request_refs"`);
    await queryRunner.query(`DROP INDEX "payments"."ix_provider_refs_user"`);
    await queryRunner.query(`DROP TABLE "payments"."provider_refs"`);
    await queryRunner.query(`DROP TABLE "payments"."stripe_customers"`);
    await queryRunner.query(`DROP INDEX "payments"."ix_saved_cards_user"`);
    await queryRunner.query(`DROP TABLE "payments"."saved_cards"`);
    await queryRunner.query(`DROP INDEX "payments"."ix_authorizations_request"`);
    await queryRunner.query(`DROP INDEX "payments"."ix_authorizations_customer"`);
    await queryRunner.query(`DROP TABLE "payments"."authorizations"`);
    await queryRunner.query(`DROP TABLE "payments"."payment_accounts"`);
  }
}
