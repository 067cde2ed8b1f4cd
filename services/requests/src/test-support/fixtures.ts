import { randomUUID } from 'node:crypto';
import type { EventPublisher } from '@tiredash/messaging';
import {
  CustomerCreated,
  ProviderCreated,
  ProviderUpdated,
  type Actor,
  type AnyEventDef,
  type EventPayload,
  type ProviderSnapshot,
} from '@tiredash/contracts';
import { waitFor } from '@tiredash/testing';
import type { DataSource } from 'typeorm';

/** Plays identity: publishes one of its events (as its outbox relay would). */
export async function publishIdentityEvent<E extends AnyEventDef>(publisher: EventPublisher, def: E, payload: EventPayload<E>): Promise<void> {
  const id = randomUUID();
  await publisher.publishRaw(def.subject, { id, subject: def.subject, occurredAt: new Date().toISOString(), payload });
}

export interface TestCustomer {
  customerId: string;
  userId: string;
  actor: NonNullable<Actor>;
}

export interface TestProvider {
  providerId: string;
  userId: string;
  actor: NonNullable<Actor>;
  snapshot: ProviderSnapshot;
}

/** A customer known to the requests read model (CustomerCreated published and applied). */
export async function aCustomer(
  publisher: EventPublisher,
  ds: DataSource,
  opts: { paymentMethod?: 'cash' | 'card' | null; fullName?: string } = {},
): Promise<TestCustomer> {
  const customerId = randomUUID();
  const userId = randomUUID();
  await publishIdentityEvent(publisher, CustomerCreated, {
    customerId,
    userId,
    fullName: opts.fullName ?? 'Casey Customer',
    phone: '+1 555 000 1111',
    paymentMethod: opts.paymentMethod === undefined ? 'cash' : opts.paymentMethod,
  });
  await waitFor(async () => (await ds.query(`SELECT 1 FROM "requests"."customer_profiles" WHERE id = $1`, [customerId])).length > 0, {
    message: 'customer read model',
  });
  return { customerId, userId, actor: { userId, role: 'customer' } };
}

/** A provider known to the requests read model; approved and online at (lat, lng) with a radius unless told otherwise. */
export async function aProvider(
  publisher: EventPublisher,
  ds: DataSource,
  opts: Partial<ProviderSnapshot> = {},
): Promise<TestProvider> {
  const snapshot: ProviderSnapshot = {
    providerId: randomUUID(),
    userId: randomUUID(),
    businessName: 'Fast Tires',
    fullName: 'Pat Provider',
    phone: '+1 555 123 4567',
    serviceTypes: ['Flat Tire Repair'],
    serviceRadiusMiles: 20,
    serviceAddress: '1 Main St',
    location: { address: '1 Main St', lat: 37.77, lng: -122.42 },
    online: true,
    isApproved: true,
    hourlyRateCents: 8000,
    yearsExperience: 5,
    ...opts,
  };
  await publishIdentityEvent(publisher, ProviderCreated, snapshot);
  await waitFor(async () => (await ds.query(`SELECT 1 FROM "requests"."provider_profiles" WHERE id = $1`, [snapshot.providerId])).length > 0, {
    message: 'provider read model',
  });
  return { providerId: snapshot.providerId, userId: snapshot.userId, actor: { userId: snapshot.userId, role: 'provider' }, snapshot };
}

/** Publishes ProviderUpdated with changes and waits until the read model shows them. */
export async function updateProvider(publisher: EventPublisher, ds: DataSource, p: TestProvider, changes: Partial<ProviderSnapshot>): Promise<void> {
  p.snapshot = { ...p.snapshot, ...changes };
  await publishIdentityEvent(publisher, ProviderUpdated, p.snapshot);
  await waitFor(
    async () => {
      const rows: { online: boolean; is_approved: boolean | null }[] = await ds.query(
        `SELECT online, is_approved FROM "requests"."provider_profiles" WHERE id = $1`,
        [p.providerId],
      );
      return rows[0]?.online === p.snapshot.online && rows[0]?.is_approved === p.snapshot.isApproved;
    },
    { message: 'provider update applied' },
  );
}

/** A valid create body (cash, San Francisco). */
export function requestBody(overrides: Record<string, unknown> = {}): { data: Record<string, unknown> } {
  return {
    data: {
      serviceType: 'Flat Tire Repair',
      tireSize: '2256517',
      tireStatus: 'Bids Open',
      budget: 120,
      paymentMethod: 'cash',
      urgency: 'normal',
      notes: 'Rear left is flat',
      address: '500 Market St',
      lat: 37.79,
      lng: -122.4,
      location: { address: '500 Market St', lat: 37.79, lng: -122.4 },
      ...overrides,
    },
  };
}

export interface OutboxRow {
  id: string;
  subject: string;
  payload: Record<string, unknown>;
}

/** Events written to the requests outbox, oldest first, optionally of one subject. */
export async function outboxRows(ds: DataSource, subject?: string): Promise<OutboxRow[]> {
  return ds.query(
    `SELECT id, subject, payload FROM "requests"."outbox" ${subject ? 'WHERE subject = $1' : ''} ORDER BY seq`,
    subject ? [subject] : [],
  );
}
