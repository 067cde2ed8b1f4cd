import { createTestDatabase, type TestDatabase } from '@tiredash/testing';
import { DataSource } from 'typeorm';
import { inRawTransaction } from './raw-transaction';

/**
 * The hot paths' transactions on a pooled client (common/raw-transaction.ts), on a pool of one connection: whatever
 * a failed or refused piece of work leaves on the client, the next user of the pool gets.
 */
describe('inRawTransaction (real PostgreSQL, a pool of one)', () => {
  let db: TestDatabase;
  let ds: DataSource;

  beforeAll(async () => {
    db = await createTestDatabase('raw_tx');
    ds = new DataSource({ type: 'postgres', url: db.url, extra: { max: 1 } });
    await ds.initialize();
    await ds.query(`CREATE TABLE "note" ("id" int PRIMARY KEY, "text" text NOT NULL)`);
  });

  afterAll(async () => {
    await ds?.destroy();
    await db?.drop();
  });

  const notes = async () => ((await ds.query(`SELECT "id" FROM "note" ORDER BY "id"`)) as { id: number }[]).map((r) => r.id);

  it('a statement failing after BEGIN in one text: rolled back, and the client goes back to the pool usable', async () => {
    await expect(
      inRawTransaction(ds, (tx) => tx.client.query(`BEGIN; INSERT INTO "note" VALUES (1, 'kept?'); INSERT INTO "note" VALUES (1, 'twice'); COMMIT`)),
    ).rejects.toThrow(/duplicate key/);
    // Not "current transaction is aborted": the same (only) connection answers, and nothing was written.
    expect(await notes()).toEqual([]);
  });

  it('a refusal after BEGIN rolls back what the text wrote', async () => {
    await expect(
      inRawTransaction(ds, async (tx) => {
        await tx.client.query(`BEGIN; INSERT INTO "note" VALUES (2, 'refused')`);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await notes()).toEqual([]);
  });

  it('committed work stays, and values go in quoted', async () => {
    const text = "O'Brien; DROP TABLE \"note\"; --";
    await inRawTransaction(ds, async (tx) => {
      await tx.client.query(`BEGIN; INSERT INTO "note" VALUES (${tx.value(3)}, ${tx.value(text)}); COMMIT`);
      tx.committed();
    });
    expect(await ds.query(`SELECT "id", "text" FROM "note"`)).toEqual([{ id: 3, text }]);
  });

  it('refuses NUL in a literal (PostgreSQL text cannot hold it)', async () => {
    await expect(inRawTransaction(ds, async (tx) => tx.literal('a\u0000b'))).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});
