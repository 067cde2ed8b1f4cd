import { createOutboxHeadersMigration } from '@tiredash/messaging';
import { IDENTITY_SCHEMA } from '../database.constants';

/** The outbox's "headers" column: the trace context and request id each event is published with. */
export const OutboxHeaders1768100000000 = createOutboxHeadersMigration(IDENTITY_SCHEMA, 1768100000000);
