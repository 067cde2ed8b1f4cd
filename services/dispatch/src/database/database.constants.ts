/** The Postgres schema the dispatch service owns; no other service reads it. */
export const DISPATCH_SCHEMA = 'dispatch';
