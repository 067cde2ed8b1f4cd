/** The Postgres schema payments owns; no other service reads it. */
export const PAYMENTS_SCHEMA = 'payments';
