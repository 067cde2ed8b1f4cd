import type { INestApplicationContext } from '@nestjs/common';
import { UserRegistered } from '@tiredash/contracts';
import {
  createIdentityContext,
  createIdentityTestEnv,
  type IdentityTestEnv,
} from '../test-support/identity-harness';
import { outboxRows } from '../test-support/fixtures';
import { UsersService } from '../users/users.service';
import {
  DEFAULT_ADMIN_PASSWORD,
  DEMO_ACCOUNTS,
  formatLoginTable,
  runSeed,
  SeedRefusedError,
} from './seed-runner';

describe('identity seed', () => {
  let env: IdentityTestEnv;
  let app: INestApplicationContext | undefined;

  beforeAll(async () => {
    env = await createIdentityTestEnv('identity_seed');
  });

  afterAll(async () => {
    await app?.close();
    await env?.close();
  });

  it('seeds the admin and the demo accounts once, and they can log in', async () => {
    const seedEnv = { SEED_ADMIN_EMAIL: 'Boss@Example.test', SEED_ADMIN_PASSWORD: 'a-long-admin-secret' };
    const first = await runSeed(env.config, seedEnv, { logger: false });
    expect(first.map((l) => [l.role, l.email, l.created])).toEqual([
      ['admin', 'boss@example.test', true],
      ['customer', DEMO_ACCOUNTS.customer.email, true],
      ['provider', DEMO_ACCOUNTS.approvedProvider.email, true],
      ['provider', DEMO_ACCOUNTS.pendingProvider.email, true],
    ]);
    expect(first[0]!.password).toBe('(SEED_ADMIN_PASSWORD)');
    const table = formatLoginTable(first);
    expect(table).toContain(DEMO_ACCOUNTS.customer.password);
    expect(table).not.toContain('a-long-admin-secret');

    const second = await runSeed(env.config, seedEnv, { logger: false });
    expect(second.every((l) => !l.created)).toBe(true);

    app = await createIdentityContext(env.config);
    const users = app.get(UsersService);
    const admin = await users.login({ identifier: 'boss@example.test', password: 'a-long-admin-secret' });
    expect(admin.user.role?.name).toBe('admin');
    const customer = await users.login({
      identifier: DEMO_ACCOUNTS.customer.email,
      password: DEMO_ACCOUNTS.customer.password,
    });
    expect(customer.user.customer).toMatchObject({ fullName: 'Casey Customer', paymentMethod: 'cash' });
    const approved = await users.login({
      identifier: DEMO_ACCOUNTS.approvedProvider.email,
      password: DEMO_ACCOUNTS.approvedProvider.password,
    });
    expect(approved.user.business).toMatchObject({ isApproved: true, businessName: 'Rapid Roadside Tires' });
    const pending = await users.login({
      identifier: DEMO_ACCOUNTS.pendingProvider.email,
      password: DEMO_ACCOUNTS.pendingProvider.password,
    });
    expect(pending.user.business).toMatchObject({ isApproved: null });
    // Once: four users, four UserRegistered events.
    expect(await outboxRows(app, UserRegistered.subject)).toHaveLength(4);
  });

  it('refuses the default admin password in production before touching anything', async () => {
    await expect(runSeed(env.config, { NODE_ENV: 'production' }, { logger: false })).rejects.toBeInstanceOf(
      SeedRefusedError,
    );
    await expect(
      runSeed(
        env.config,
        { NODE_ENV: 'production', SEED_ADMIN_PASSWORD: DEFAULT_ADMIN_PASSWORD },
        { logger: false },
      ),
    ).rejects.toThrow(/SEED_ADMIN_PASSWORD/);
  });
});
