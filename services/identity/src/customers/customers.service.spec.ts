import type { INestApplicationContext } from '@nestjs/common';
import { CustomerCreated, CustomerUpdated } from '@tiredash/contracts';
import {
  createIdentityContext,
  createIdentityTestEnv,
  type IdentityTestEnv,
} from '../test-support/identity-harness';
import { aUser, errorCode, outboxRows } from '../test-support/fixtures';
import { UsersService } from '../users/users.service';
import { CustomersService } from './customers.service';

describe('CustomersService (real PostgreSQL)', () => {
  let env: IdentityTestEnv;
  let app: INestApplicationContext;
  let customers: CustomersService;

  beforeAll(async () => {
    env = await createIdentityTestEnv('customers_service');
    app = await createIdentityContext(env.config);
    customers = app.get(CustomersService);
  });

  afterAll(async () => {
    await app?.close();
    await env?.close();
  });

  const data = { fullName: 'Casey Customer', phone: '+1 (555) 010-0100' };

  it('creates one profile per user, linked to the caller, with a CustomerCreated event', async () => {
    const u = await aUser(app, 'customer');
    const created = await customers.create(u.actor, { data: { ...data, user: u.id } });
    expect(created).toMatchObject({
      fullName: 'Casey Customer',
      paymentMethod: null,
      totalJobs: 0,
      user: { id: u.id, email: u.email },
    });
    expect(created.documentId).toBe(created.id);
    expect(await errorCode(customers.create(u.actor, { data }))).toBe('PROFILE_EXISTS');
    const events = (await outboxRows(app, CustomerCreated.subject)).filter((e) => e.payload.userId === u.id);
    expect(events.map((e) => e.payload)).toEqual([
      {
        customerId: created.id,
        userId: u.id,
        fullName: 'Casey Customer',
        phone: data.phone,
        paymentMethod: null,
      },
    ]);
    const me = await app.get(UsersService).getMe(u.actor);
    expect(me.customer?.id).toBe(created.id);
  });

  it('refuses a profile for someone else unless the caller is an admin, and for providers', async () => {
    const u = await aUser(app, 'customer');
    const other = await aUser(app, 'customer');
    const admin = await aUser(app, 'admin');
    const provider = await aUser(app, 'provider');
    expect(await errorCode(customers.create(other.actor, { data: { ...data, user: u.id } }))).toBe(
      'NOT_OWNER',
    );
    expect(await errorCode(customers.create(null, { data }))).toBe('UNAUTHENTICATED');
    expect(await errorCode(customers.create(provider.actor, { data }))).toBe('ROLE_NOT_ALLOWED');
    const byAdmin = await customers.create(admin.actor, { data: { ...data, user: u.id } });
    expect(byAdmin.user?.id).toBe(u.id);
  });

  it('is read and updated by its user or an admin only', async () => {
    const u = await aUser(app, 'customer');
    const other = await aUser(app, 'customer');
    const admin = await aUser(app, 'admin');
    const c = await customers.create(u.actor, { data });
    expect((await customers.get(u.actor, c.id)).id).toBe(c.id);
    expect((await customers.get(admin.actor, c.id)).id).toBe(c.id);
    expect(await errorCode(customers.get(other.actor, c.id))).toBe('NOT_OWNER');
    expect(await errorCode(customers.get(null, c.id))).toBe('UNAUTHENTICATED');
    expect(await errorCode(customers.get(u.actor, '00000000-0000-4000-8000-000000000000'))).toBe('NOT_FOUND');

    const updated = await customers.update(u.actor, c.id, {
      data: { paymentMethod: 'card', phone: '+1 555 999 0000' },
    });
    expect(updated).toMatchObject({
      paymentMethod: 'card',
      phone: '+1 555 999 0000',
      fullName: 'Casey Customer',
    });
    expect(new Date(updated.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(c.updatedAt).getTime());
    expect(await errorCode(customers.update(other.actor, c.id, { data: { fullName: 'Nope' } }))).toBe(
      'NOT_OWNER',
    );
    expect((await customers.update(admin.actor, c.id, { data: { fullName: 'Set By Admin' } })).fullName).toBe(
      'Set By Admin',
    );
    const events = (await outboxRows(app, CustomerUpdated.subject)).filter(
      (e) => e.payload.customerId === c.id,
    );
    expect(events.map((e) => [e.payload.paymentMethod, e.payload.fullName])).toEqual([
      ['card', 'Casey Customer'],
      ['card', 'Set By Admin'],
    ]);
    // Saving the same values again changes nothing and announces nothing.
    await customers.update(u.actor, c.id, { data: { paymentMethod: 'card' } });
    expect(
      (await outboxRows(app, CustomerUpdated.subject)).filter((e) => e.payload.customerId === c.id),
    ).toHaveLength(2);
  });
});
