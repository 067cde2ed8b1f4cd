import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Payment keys are managed in the deployment environment (payments' STRIPE_SECRET_KEY): a key stored through the
 * admin settings never took effect, so it is dropped. Down cannot bring it back (it was a secret): it does nothing.
 */
export class PaymentKeysFromEnvironment1767600000000 implements MigrationInterface {
  name = 'PaymentKeysFromEnvironment1767600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`UPDATE "content"."settings" SET "stripe_secret_key_sealed" = NULL, "stripe_secret_key_mask" = NULL`);
  }

  async down(): Promise<void> {
    // The dropped secret is gone for good.
  }
}
