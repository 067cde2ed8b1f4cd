import type { INestApplicationContext } from '@nestjs/common';
import { ProviderApproved, ProviderCreated, ProviderRejected, ProviderUpdated } from '@tiredash/contracts';
import { DataSource } from 'typeorm';
import {
  createIdentityContext,
  createIdentityTestEnv,
  type IdentityTestEnv,
} from '../test-support/identity-harness';
import { aUser, errorCode, outboxRows, providerBody } from '../test-support/fixtures';
import { UsersService } from '../users/users.service';
import { ProviderEntity } from './entities/provider.entity';
import { ProvidersService } from './providers.service';

describe('ProvidersService (real PostgreSQL)', () => {
  let env: IdentityTestEnv;
  let app: INestApplicationContext;
  let providers: ProvidersService;

  beforeAll(async () => {
    env = await createIdentityTestEnv('providers_service');
    app = await createIdentityContext(env.config);
    providers = app.get(ProvidersService);
  });

  afterAll(async () => {
    await app?.close();
    await env?.close();
  });

  it('creates a pending profile with every field, money stored in cents, and a ProviderCreated snapshot', async () => {
    const u = await aUser(app, 'provider');
    const view = await providers.create(
      u.actor,
      providerBody({ service_types: ['Tire Rotation', 'Tire Rotation', 'Wheel Balancing'] }),
    );
    expect(view).toMatchObject({
      businessName: 'Fast Tires',
      fullName: 'Pat Provider',
      hourlyRate: 80.5,
      yearsExperience: 6,
      service_types: ['Tire Rotation', 'Wheel Balancing'],
      serviceArea: { radius: 20, address: '1 Main St' },
      vehicleSpecs: 'Van',
      online: true,
      businessId: 'upload-1',
      businessLicense: 'upload-2',
      isApproved: null,
      walletBalance: 0,
      totalJobs: 0,
      rating: null,
      location: { address: '1 Main St', lat: 37.77, lng: -122.42 },
      user: { id: u.id, email: u.email },
    });
    const row = await app.get(DataSource).getRepository(ProviderEntity).findOneByOrFail({ id: view.id });
    expect(row.hourlyRateCents).toBe(8050);
    const events = (await outboxRows(app, ProviderCreated.subject)).filter(
      (e) => e.payload.providerId === view.id,
    );
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toMatchObject({
      userId: u.id,
      hourlyRateCents: 8050,
      serviceRadiusMiles: 20,
      isApproved: null,
    });
    expect(await errorCode(providers.create(u.actor, providerBody()))).toBe('PROFILE_EXISTS');

    const me = await app.get(UsersService).getMe(u.actor);
    expect(me.business?.id).toBe(view.id);
    expect(me.location).toEqual({ address: '1 Main St', lat: 37.77, lng: -122.42 });
    expect(me.serviceArea).toEqual({ radius: 20, address: '1 Main St' });
  });

  it('refuses profiles for customers and for someone else', async () => {
    const customer = await aUser(app, 'customer');
    const u = await aUser(app, 'provider');
    const other = await aUser(app, 'provider');
    expect(await errorCode(providers.create(customer.actor, providerBody()))).toBe('ROLE_NOT_ALLOWED');
    expect(await errorCode(providers.create(other.actor, providerBody({ user: u.id })))).toBe('NOT_OWNER');
    expect(await errorCode(providers.create(null, providerBody()))).toBe('UNAUTHENTICATED');
  });

  it('shows the public profile to other users, the full one to the owner and admins', async () => {
    const u = await aUser(app, 'provider');
    const admin = await aUser(app, 'admin');
    const customer = await aUser(app, 'customer');
    const p = await providers.create(u.actor, providerBody());
    // Pending: nobody but the owner and the admins knows it exists.
    expect(await errorCode(providers.get(customer.actor, p.id))).toBe('NOT_FOUND');
    await providers.update(admin.actor, p.id, { data: { isApproved: true } } as never);
    const publicView = await providers.get(customer.actor, p.id);
    expect(publicView).toMatchObject({
      businessName: 'Fast Tires',
      walletBalance: 0,
      businessId: null,
      businessLicense: null,
      // Privacy by default: no person, phone, e-mail, address or exact position.
      fullName: null,
      phone: '',
      user: null,
      location: null,
      serviceArea: { radius: 20, address: null },
    });
    expect(JSON.stringify(publicView)).not.toContain('1 Main St');
    expect(await providers.get(u.actor, p.id)).toMatchObject({ businessId: 'upload-1', businessLicense: expect.any(String) });
    expect(await providers.get(admin.actor, p.id)).toMatchObject({ businessId: 'upload-1' });
    expect(await errorCode(providers.get(null, p.id))).toBe('UNAUTHENTICATED');
    expect(await errorCode(providers.get(customer.actor, '00000000-0000-4000-8000-000000000000'))).toBe(
      'NOT_FOUND',
    );
  });

  it('lets the owner edit its profile but never isApproved or walletBalance', async () => {
    const u = await aUser(app, 'provider');
    const other = await aUser(app, 'provider');
    const p = await providers.create(u.actor, providerBody());
    const edited = await providers.update(u.actor, p.id, {
      data: {
        businessName: 'Faster Tires',
        service_types: ['Emergency Service'],
        serviceArea: { radius: 30 },
        online: false,
        location: null,
      },
    });
    expect(edited).toMatchObject({
      businessName: 'Faster Tires',
      service_types: ['Emergency Service'],
      serviceArea: { radius: 30, address: '1 Main St' },
      online: false,
      location: null,
    });
    const err = await providers
      .update(u.actor, p.id, { data: { walletBalance: 1000, businessName: 'Rich' } })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'FIELD_NOT_WRITABLE', details: [{ path: 'data.walletBalance' }] });
    expect(await errorCode(providers.update(u.actor, p.id, { data: { isApproved: true } }))).toBe(
      'FIELD_NOT_WRITABLE',
    );
    expect(await errorCode(providers.update(other.actor, p.id, { data: { businessName: 'Mine now' } }))).toBe(
      'NOT_OWNER',
    );
    expect(await errorCode(providers.update(null, p.id, { data: { businessName: 'Anon' } }))).toBe(
      'UNAUTHENTICATED',
    );
    const row = await app.get(DataSource).getRepository(ProviderEntity).findOneByOrFail({ id: p.id });
    expect(row).toMatchObject({ businessName: 'Faster Tires', isApproved: null });
  });

  it('refuses walletBalance from everyone, admins included: the balance is the payments ledger sum', async () => {
    const u = await aUser(app, 'provider');
    const admin = await aUser(app, 'admin');
    const p = await providers.create(u.actor, providerBody());
    const err = await providers.update(admin.actor, p.id, { data: { walletBalance: 42.25, businessName: 'Renamed' } }).catch((e: unknown) => e);
    expect(err).toMatchObject({
      code: 'FIELD_NOT_WRITABLE',
      details: [{ path: 'data.walletBalance', message: 'The wallet balance is the sum of the payments ledger and cannot be set' }],
    });
    // Nothing of the refused update was applied.
    expect(await providers.get(admin.actor, p.id)).toMatchObject({ businessName: 'Fast Tires', walletBalance: 0 });
  });

  it('lets an admin approve and reject, announcing ProviderApproved / ProviderRejected once per change', async () => {
    const u = await aUser(app, 'provider');
    const admin = await aUser(app, 'admin');
    const customer = await aUser(app, 'customer');
    const p = await providers.create(u.actor, providerBody());
    expect(await errorCode(providers.update(customer.actor, p.id, { data: { isApproved: true } }))).toBe(
      'NOT_OWNER',
    );

    expect((await providers.update(admin.actor, p.id, { data: { isApproved: true } })).isApproved).toBe(true);
    await providers.update(admin.actor, p.id, { data: { isApproved: true } }); // unchanged: no second event
    expect((await providers.update(admin.actor, p.id, { data: { isApproved: false } })).isApproved).toBe(
      false,
    );

    const mine = (subject: string) =>
      outboxRows(app, subject).then((rows) => rows.filter((r) => r.payload.providerId === p.id));
    const approved = await mine(ProviderApproved.subject);
    const rejected = await mine(ProviderRejected.subject);
    expect(approved).toHaveLength(1);
    expect(approved[0]!.payload).toMatchObject({ providerId: p.id, userId: u.id, by: admin.id });
    expect(rejected).toHaveLength(1);
    expect((await mine(ProviderUpdated.subject)).map((r) => r.payload.isApproved)).toEqual([true, false]);
    const row = await app.get(DataSource).getRepository(ProviderEntity).findOneByOrFail({ id: p.id });
    expect(row.reviewedBy).toBe(admin.id);
  });

  it('lists pending providers for admins only; others see approved providers', async () => {
    const admin = await aUser(app, 'admin');
    const customer = await aUser(app, 'customer');
    const pendingUser = await aUser(app, 'provider');
    const approvedUser = await aUser(app, 'provider');
    const pending = await providers.create(pendingUser.actor, providerBody());
    const approved = await providers.create(approvedUser.actor, providerBody());
    await providers.update(admin.actor, approved.id, { data: { isApproved: true } });
    const page = { page: 1, pageSize: 100 };

    const pendingList = await providers.list(admin.actor, { isApproved: { $null: 'true' } }, page);
    expect(pendingList.data.map((p) => p.id)).toContain(pending.id);
    expect(pendingList.data.every((p) => p.isApproved === null)).toBe(true);
    const approvedList = await providers.list(admin.actor, { isApproved: { $eq: 'true' } }, page);
    expect(approvedList.data.map((p) => p.id)).toContain(approved.id);
    expect(approvedList.data.every((p) => p.isApproved === true)).toBe(true);

    expect(await errorCode(providers.list(customer.actor, { isApproved: { $null: 'true' } }, page))).toBe(
      'FORBIDDEN',
    );
    expect(await errorCode(providers.list(customer.actor, { isApproved: { $eq: 'false' } }, page))).toBe(
      'FORBIDDEN',
    );
    const visible = await providers.list(customer.actor, undefined, page);
    expect(visible.data.map((p) => p.id)).toContain(approved.id);
    expect(visible.data.map((p) => p.id)).not.toContain(pending.id);
    expect(visible.data.every((p) => p.walletBalance === 0 && p.businessId === null)).toBe(true);
    expect(await errorCode(providers.list(null, undefined, page))).toBe('UNAUTHENTICATED');

    const paged = await providers.list(admin.actor, undefined, { page: 1, pageSize: 1 });
    expect(paged.data).toHaveLength(1);
    expect(paged.meta.pagination.total).toBeGreaterThanOrEqual(2);
  });
});
