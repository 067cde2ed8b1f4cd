import { createOutboxInboxMigration } from '@tiredash/messaging';
import { PAYMENTS_SCHEMA } from '../database.constants';

/** The transactional outbox and the consumer inbox of libs/messaging, inside the `payments` schema. */
export const OutboxInbox1767225700001 = createOutboxInboxMigration(PAYMENTS_SCHEMA, 1767225700001);
