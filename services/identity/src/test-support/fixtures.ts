import { randomUUID } from 'node:crypto';
import type { INestApplicationContext } from '@nestjs/common';
import type { Actor, AuthResponse, ProviderCreateBody, Role } from '@tiredash/contracts';
import { DataSource } from 'typeorm';
import { UsersService } from '../users/users.service';

export const PASSWORD = 'correct horse battery';

export interface RegisteredUser {
  auth: AuthResponse;
  id: string;
  email: string;
  actor: NonNullable<Actor>;
}

/** Registers a user with a fresh email through the service (admin through createUser, as the seed does). */
export async function aUser(app: INestApplicationContext, role: Role | null = null): Promise<RegisteredUser> {
  const users = app.get(UsersService);
  const email = `u-${randomUUID()}@example.test`;
  if (role === 'admin') {
    const user = await users.createUser({ username: 'Admin', email, password: PASSWORD, role: 'admin' });
    const auth = await users.login({ identifier: email, password: PASSWORD });
    return { auth, id: user.id, email, actor: { userId: user.id, role: 'admin' } };
  }
  const auth = await users.register({
    username: 'Someone',
    email,
    password: PASSWORD,
    role: role ?? undefined,
  });
  return { auth, id: auth.user.id, email, actor: { userId: auth.user.id, role } };
}

export function providerBody(overrides: Partial<ProviderCreateBody['data']> = {}): ProviderCreateBody {
  return {
    data: {
      businessName: 'Fast Tires',
      fullName: 'Pat Provider',
      phone: '+1 555 123 4567',
      hourlyRate: 80.5,
      yearsExperience: 6,
      service_types: ['Flat Tire Repair', 'Tire Rotation'],
      serviceArea: { radius: 20, address: '1 Main St' },
      vehicleSpecs: 'Van',
      online: true,
      businessId: 'upload-1',
      businessLicense: 'upload-2',
      location: { address: '1 Main St', lat: 37.77, lng: -122.42 },
      ...overrides,
    },
  };
}

export interface OutboxRow {
  id: string;
  subject: string;
  payload: Record<string, unknown>;
}

/** The events written to the outbox, oldest first, optionally only those of one subject. */
export async function outboxRows(app: INestApplicationContext, subject?: string): Promise<OutboxRow[]> {
  const ds = app.get(DataSource);
  const rows: OutboxRow[] = await ds.query(
    `SELECT id, subject, payload FROM identity.outbox ${subject ? 'WHERE subject = $1' : ''} ORDER BY seq`,
    subject ? [subject] : [],
  );
  return rows;
}

/** Resolves with the DomainError code of a rejected promise (fails the test if it resolves). */
export async function errorCode(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    return typeof code === 'string' ? code : `not a coded error: ${String(err)}`;
  }
  throw new Error('expected the call to fail');
}
