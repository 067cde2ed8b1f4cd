import type { INestApplicationContext, INestMicroservice } from '@nestjs/common';
import { CreateCustomer, CreateProvider, ListProviders, ListUsers } from '@tiredash/contracts';
import type { MessagingClient } from '@tiredash/messaging';
import { aUser, providerBody, type RegisteredUser } from './test-support/fixtures';
import { createIdentityTestEnv, createTestClient, startIdentity, type IdentityTestEnv } from './test-support/identity-harness';

/** The admin's user and pending-provider lists: paged past 25, searchable by name, e-mail, phone and business. */
describe('admin lists: paging and search (real PostgreSQL + NATS)', () => {
  let env: IdentityTestEnv;
  let app: INestMicroservice;
  let clientContext: INestApplicationContext;
  let client: MessagingClient;
  let admin: RegisteredUser;

  beforeAll(async () => {
    env = await createIdentityTestEnv('identity_admin_lists');
    app = await startIdentity(env.config);
    ({ client, context: clientContext } = await createTestClient(env));
    admin = await aUser(app, 'admin');
    // 30 pending providers and 3 customers, one of each with a name to find.
    for (let i = 0; i < 30; i++) {
      const u = await aUser(app, 'provider');
      await client.send(CreateProvider, {
        actor: u.actor,
        body: providerBody({ user: u.id, businessName: i === 7 ? 'Zebra 100% Tires_Co' : `Pending Tires ${i}`, phone: i === 8 ? '+1 555 777 8888' : '+1 555 123 4567' }),
      });
    }
    for (const name of ['Quinn Searchable', 'Ann Other', 'Bo Other']) {
      const u = await aUser(app, 'customer');
      await client.send(CreateCustomer, { actor: u.actor, body: { data: { fullName: name, phone: '+1 555 000 1111', user: u.id } } as never });
    }
  });

  afterAll(async () => {
    await clientContext?.close();
    await app?.close();
    await env?.close();
  });

  const pending = { isApproved: { $null: 'true' as const } };

  it('pages the pending providers beyond 25 with the total', async () => {
    const first = await client.send(ListProviders, { actor: admin.actor, filters: pending, pagination: { page: 1, pageSize: 25 } });
    const second = await client.send(ListProviders, { actor: admin.actor, filters: pending, pagination: { page: 2, pageSize: 25 } });
    expect(first.data).toHaveLength(25);
    expect(second.data).toHaveLength(5);
    expect(first.meta.pagination).toEqual({ page: 1, pageSize: 25, pageCount: 2, total: 30 });
    expect(new Set([...first.data, ...second.data].map((p) => p.documentId)).size).toBe(30);
  });

  it('searches providers by business name (wildcards taken literally, any case) and phone', async () => {
    const byName = await client.send(ListProviders, { actor: admin.actor, filters: pending, pagination: { page: 1, pageSize: 25 }, search: 'zebra 100%' });
    expect(byName.data.map((p) => p.businessName)).toEqual(['Zebra 100% Tires_Co']);
    expect(byName.meta.pagination.total).toBe(1);
    const literal = await client.send(ListProviders, { actor: admin.actor, filters: pending, pagination: { page: 1, pageSize: 25 }, search: '_' });
    expect(literal.data.map((p) => p.businessName)).toEqual(['Zebra 100% Tires_Co']);
    const byPhone = await client.send(ListProviders, { actor: admin.actor, filters: pending, pagination: { page: 1, pageSize: 25 }, search: '777 8888' });
    expect(byPhone.data).toHaveLength(1);
    const none = await client.send(ListProviders, { actor: admin.actor, filters: pending, pagination: { page: 1, pageSize: 25 }, search: 'no such shop' });
    expect(none).toEqual({ data: [], meta: { pagination: { page: 1, pageSize: 25, pageCount: 0, total: 0 } } });
  });

  it('pages and searches users by customer name, business name and e-mail', async () => {
    const all = await client.send(ListUsers, { actor: admin.actor, pagination: { page: 2, pageSize: 20 } });
    expect(all.meta.pagination.total).toBe(33);
    expect(all.data).toHaveLength(13);
    const quinn = await client.send(ListUsers, { actor: admin.actor, pagination: { page: 1, pageSize: 25 }, search: 'QUINN' });
    expect(quinn.data.map((u) => u.customer?.fullName)).toEqual(['Quinn Searchable']);
    const zebra = await client.send(ListUsers, { actor: admin.actor, pagination: { page: 1, pageSize: 25 }, search: 'zebra' });
    expect(zebra.data).toHaveLength(1);
    const byEmail = await client.send(ListUsers, { actor: admin.actor, pagination: { page: 1, pageSize: 25 }, search: quinn.data[0]!.email.slice(0, 10) });
    expect(byEmail.data.map((u) => u.id)).toContain(quinn.data[0]!.id);
    await expect(client.send(ListUsers, { actor: admin.actor, pagination: { page: 1, pageSize: 25 }, search: 'x'.repeat(101) })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});
