/** The Postgres schema content owns; no other service reads it. */
export const CONTENT_SCHEMA = 'content';
