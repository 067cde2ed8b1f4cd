import { createOutboxInboxMigration } from '@tiredash/messaging';
import { CONTENT_SCHEMA } from '../database.constants';

/** The transactional outbox and the consumer inbox of libs/messaging, inside the `content` schema. */
export const OutboxInbox1767400000001 = createOutboxInboxMigration(CONTENT_SCHEMA, 1767400000001);
