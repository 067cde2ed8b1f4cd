import { InboxEntity, OutboxEntity } from '@tiredash/messaging';
import { JobEntity } from '../jobs/entities/job.entity';
import { TrackPointEntity } from '../jobs/entities/track-point.entity';
import { OutboxInbox1767500000000 } from './migrations/1767500000000-OutboxInbox';
import { InitDispatch1767500000001 } from './migrations/1767500000001-InitDispatch';
import { OutboxHeaders1768100000000 } from './migrations/1768100000000-OutboxHeaders';

export { DISPATCH_SCHEMA } from './database.constants';

/** Every entity of the dispatch schema, the outbox and inbox of libs/messaging included. */
export const DISPATCH_ENTITIES = [JobEntity, TrackPointEntity, OutboxEntity, InboxEntity];

/** Migrations in the order they run. */
export const DISPATCH_MIGRATIONS = [OutboxInbox1767500000000, InitDispatch1767500000001, OutboxHeaders1768100000000];
