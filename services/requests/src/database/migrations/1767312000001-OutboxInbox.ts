import { createOutboxInboxMigration } from '@tiredash/messaging';
import { REQUESTS_SCHEMA } from '../database.constants';

/** The transactional outbox and the consumer inbox of libs/messaging, inside the `requests` schema. */
export const OutboxInbox1767312000001 = createOutboxInboxMigration(REQUESTS_SCHEMA, 1767312000001);
