import { InboxEntity, OutboxEntity } from '@tiredash/messaging';
import { CustomerEntity } from '../customers/entities/customer.entity';
import { ProviderEntity } from '../providers/entities/provider.entity';
import { UserEntity } from '../users/entities/user.entity';
import { RefreshTokenEntity } from '../sessions/entities/refresh-token.entity';
import { InitIdentity1767225600000 } from './migrations/1767225600000-InitIdentity';
import { OutboxInbox1767225600001 } from './migrations/1767225600001-OutboxInbox';
import { DropWalletBalance1767500000000 } from './migrations/1767500000000-DropWalletBalance';
import { ProviderPresence1767600000000 } from './migrations/1767600000000-ProviderPresence';
import { RefreshSessions1767800000000 } from './migrations/1767800000000-RefreshSessions';
import { OutboxHeaders1768100000000 } from './migrations/1768100000000-OutboxHeaders';

export { IDENTITY_SCHEMA } from './database.constants';

/** Every entity of the identity schema, the outbox and inbox of libs/messaging included. */
export const IDENTITY_ENTITIES = [UserEntity, CustomerEntity, ProviderEntity, RefreshTokenEntity, OutboxEntity, InboxEntity];

/** Migrations in the order they run. */
export const IDENTITY_MIGRATIONS = [InitIdentity1767225600000, OutboxInbox1767225600001, DropWalletBalance1767500000000, ProviderPresence1767600000000, RefreshSessions1767800000000, OutboxHeaders1768100000000];
