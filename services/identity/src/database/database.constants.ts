/** The Postgres schema identity owns; no other service reads it. */
export const IDENTITY_SCHEMA = 'identity';
