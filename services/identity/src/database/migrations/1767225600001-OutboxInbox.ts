import { createOutboxInboxMigration } from '@tiredash/messaging';
import { IDENTITY_SCHEMA } from '../database.constants';

/** The transactional outbox and the consumer inbox of libs/messaging, inside the `identity` schema. */
export const OutboxInbox1767225600001 = createOutboxInboxMigration(IDENTITY_SCHEMA, 1767225600001);
