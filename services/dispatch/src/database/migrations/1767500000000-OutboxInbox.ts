import { createOutboxInboxMigration } from '@tiredash/messaging';
import { DISPATCH_SCHEMA } from '../database.constants';

/** The transactional outbox and the consumer inbox of libs/messaging, inside the `dispatch` schema. */
export const OutboxInbox1767500000000 = createOutboxInboxMigration(DISPATCH_SCHEMA, 1767500000000);
