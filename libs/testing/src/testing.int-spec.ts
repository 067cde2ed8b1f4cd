import { Client } from 'pg';
import { connect } from 'nats';
import { cleanupNamespace, createTestDatabase, getTestInfra, testNamespace } from './index';

describe('test infrastructure (real PostgreSQL + NATS)', () => {
  it('resolves the infrastructure URLs', async () => {
    const infra = await getTestInfra();
    expect(infra.databaseUrl).toMatch(/^postgres(ql)?:\/\//);
    expect(infra.natsUrl).toMatch(/^nats:\/\//);
    expect(infra.redisUrl).toMatch(/^rediss?:\/\//);
  });

  it('creates a usable database and drops it even with open connections', async () => {
    const db = await createTestDatabase('harness');
    const c = new Client({ connectionString: db.url });
    await c.connect();
    c.on('error', () => undefined);
    const { rows } = await c.query<{ db: string }>('SELECT current_database() AS db');
    expect(rows[0]!.db).toBe(db.name);
    await db.drop();
    const admin = new Client({ connectionString: (await getTestInfra()).databaseUrl });
    await admin.connect();
    const left = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [db.name]);
    await admin.end();
    expect(left.rowCount).toBe(0);
  });

  it('cleanupNamespace deletes only the namespace streams', async () => {
    const { natsUrl } = await getTestInfra();
    const ns = testNamespace('cleanup');
    const other = testNamespace('keep');
    const nc = await connect({ servers: natsUrl });
    const jsm = await nc.jetstreamManager();
    await jsm.streams.add({ name: `${ns}_ONE`, subjects: [`${ns}.one.>`] });
    await jsm.streams.add({ name: `${other}_ONE`, subjects: [`${other}.one.>`] });
    try {
      expect(await cleanupNamespace(natsUrl, ns)).toEqual([`${ns}_ONE`]);
      await expect(jsm.streams.info(`${other}_ONE`)).resolves.toBeDefined();
    } finally {
      await cleanupNamespace(natsUrl, other);
      await nc.close();
    }
  });
});
