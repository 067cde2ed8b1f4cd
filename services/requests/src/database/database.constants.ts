/** The Postgres schema the requests service owns; no other service reads it. */
export const REQUESTS_SCHEMA = 'requests';
