import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext, LogLevel } from '@nestjs/common';
import type { Role } from '@tiredash/contracts';
import { DataSource } from 'typeorm';
import { AppModule } from '../app.module';
import type { IdentityConfig } from '../config';
import { CustomersService } from '../customers/customers.service';
import { CustomerEntity } from '../customers/entities/customer.entity';
import { ProviderEntity } from '../providers/entities/provider.entity';
import { ProvidersService } from '../providers/providers.service';
import { UsersService } from '../users/users.service';
import type { UserEntity } from '../users/entities/user.entity';

/** The documented development password of the seeded admin; refused when NODE_ENV=production. */
export const DEFAULT_ADMIN_EMAIL = 'admin@tiredash.local';
export const DEFAULT_ADMIN_PASSWORD = 'TireDash-admin-dev';

export const DEMO_ACCOUNTS = {
  customer: { email: 'customer@tiredash.local', password: 'Customer-demo-1', username: 'Casey Customer' },
  approvedProvider: {
    email: 'provider@tiredash.local',
    password: 'Provider-demo-1',
    username: 'Rapid Roadside Tires',
  },
  pendingProvider: {
    email: 'pending@tiredash.local',
    password: 'Pending-demo-1',
    username: 'Night Owl Tire Co',
  },
} as const;

export interface SeedLogin {
  role: Role;
  email: string;
  /** The password, or where it came from when it is a secret of the environment. */
  password: string;
  note: string;
  created: boolean;
}

export class SeedRefusedError extends Error {}

export interface SeedEnv {
  NODE_ENV?: string;
  SEED_ADMIN_EMAIL?: string;
  SEED_ADMIN_PASSWORD?: string;
}

export interface SeedOptions {
  logger?: LogLevel[] | false;
}

/**
 * Seeds an admin, a demo customer with its profile, an approved provider and a pending provider, each only
 * when its email is not registered yet (so a second run changes nothing). Runs through the same services as
 * the commands, so every record is announced through the outbox. In production only the admin is seeded,
 * and never with the default password.
 */
export async function runSeed(
  config: IdentityConfig,
  env: SeedEnv,
  opts: SeedOptions = {},
): Promise<SeedLogin[]> {
  const production = env.NODE_ENV === 'production';
  const adminEmail = (env.SEED_ADMIN_EMAIL?.trim() || DEFAULT_ADMIN_EMAIL).toLowerCase();
  const adminPassword = env.SEED_ADMIN_PASSWORD || DEFAULT_ADMIN_PASSWORD;
  if (production && adminPassword === DEFAULT_ADMIN_PASSWORD) {
    throw new SeedRefusedError(
      'seed: refusing the default admin password in production; set SEED_ADMIN_PASSWORD (and SEED_ADMIN_EMAIL)',
    );
  }
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(config), {
    logger: opts.logger ?? ['warn', 'error'],
  });
  try {
    const seeder = new Seeder(app);
    const logins: SeedLogin[] = [];
    const admin = await seeder.user(adminEmail, adminPassword, 'Administrator', 'admin');
    logins.push({
      role: 'admin',
      email: adminEmail,
      password: env.SEED_ADMIN_PASSWORD ? '(SEED_ADMIN_PASSWORD)' : adminPassword,
      note: 'admin dashboard /admin',
      created: admin.created,
    });
    if (production) return logins;

    const c = DEMO_ACCOUNTS.customer;
    const customer = await seeder.user(c.email, c.password, c.username, 'customer');
    await seeder.customer(customer.user, {
      fullName: 'Casey Customer',
      phone: '+1 555 010 0100',
      paymentMethod: 'cash',
    });
    logins.push({
      role: 'customer',
      email: c.email,
      password: c.password,
      note: 'customer with profile',
      created: customer.created,
    });

    const p = DEMO_ACCOUNTS.approvedProvider;
    const approved = await seeder.user(p.email, p.password, p.username, 'provider');
    await seeder.provider(approved.user, admin.user, true, {
      businessName: 'Rapid Roadside Tires',
      fullName: 'Riley Rapid',
      phone: '+1 555 010 0200',
      hourlyRate: 85,
      yearsExperience: 8,
      service_types: ['Flat Tire Repair', 'Tire Replacement', 'Wheel Balancing', 'Emergency Service'],
      serviceArea: { radius: 25, address: '1 Market St, San Francisco, CA', lat: 37.7946, lng: -122.395 },
      vehicleSpecs: 'Ford Transit service van with tire changer and balancer',
      online: true,
      location: { address: '1 Market St, San Francisco, CA', lat: 37.7946, lng: -122.395 },
    });
    logins.push({
      role: 'provider',
      email: p.email,
      password: p.password,
      note: 'approved provider',
      created: approved.created,
    });

    const q = DEMO_ACCOUNTS.pendingProvider;
    const pending = await seeder.user(q.email, q.password, q.username, 'provider');
    await seeder.provider(pending.user, admin.user, null, {
      businessName: 'Night Owl Tire Co',
      fullName: 'Noel Owl',
      phone: '+1 555 010 0300',
      hourlyRate: 70,
      yearsExperience: 3,
      service_types: ['Tire Rotation', 'Valve Replacement'],
      serviceArea: { radius: 15, address: '500 Broadway, Oakland, CA', lat: 37.7997, lng: -122.2747 },
      vehicleSpecs: 'Pickup with compressor',
      online: false,
      location: { address: '500 Broadway, Oakland, CA', lat: 37.7997, lng: -122.2747 },
    });
    logins.push({
      role: 'provider',
      email: q.email,
      password: q.password,
      note: 'provider pending approval',
      created: pending.created,
    });
    return logins;
  } finally {
    await app.close();
  }
}

type ProviderFields = Parameters<ProvidersService['create']>[1]['data'];
type CustomerFields = Parameters<CustomersService['create']>[1]['data'];

class Seeder {
  private readonly users: UsersService;
  private readonly customers: CustomersService;
  private readonly providers: ProvidersService;
  private readonly dataSource: DataSource;

  constructor(app: INestApplicationContext) {
    this.users = app.get(UsersService);
    this.customers = app.get(CustomersService);
    this.providers = app.get(ProvidersService);
    this.dataSource = app.get(DataSource);
  }

  async user(
    email: string,
    password: string,
    username: string,
    role: Role,
  ): Promise<{ user: UserEntity; created: boolean }> {
    const existing = await this.users.findByEmail(email);
    if (existing) return { user: existing, created: false };
    return { user: await this.users.createUser({ email, password, username, role }), created: true };
  }

  async customer(user: UserEntity, data: CustomerFields): Promise<void> {
    if (await this.dataSource.getRepository(CustomerEntity).exists({ where: { userId: user.id } })) return;
    await this.customers.create({ userId: user.id, role: user.role }, { data });
  }

  async provider(
    user: UserEntity,
    admin: UserEntity,
    approved: boolean | null,
    data: ProviderFields,
  ): Promise<void> {
    if (await this.dataSource.getRepository(ProviderEntity).exists({ where: { userId: user.id } })) return;
    const created = await this.providers.create({ userId: user.id, role: user.role }, { data });
    if (approved !== null) {
      await this.providers.update({ userId: admin.id, role: 'admin' }, created.id, {
        data: { isApproved: approved },
      });
    }
  }
}

/** The logins as a fixed-width table. */
export function formatLoginTable(logins: SeedLogin[]): string {
  const header = ['role', 'email', 'password', 'note', 'status'];
  const rows = logins.map((l) => [
    l.role,
    l.email,
    l.password,
    l.note,
    l.created ? 'created' : 'already there',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]?.length ?? 0)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join(' | ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('-+-'), ...rows.map(line)].join('\n');
}
