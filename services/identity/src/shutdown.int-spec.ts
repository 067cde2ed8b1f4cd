import 'reflect-metadata';
import type { INestApplicationContext } from '@nestjs/common';
import { type AuthResponse, RegisterUser } from '@tiredash/contracts';
import type { MessagingClient } from '@tiredash/messaging';
import { waitFor } from '@tiredash/testing';
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { createIdentityTestEnv, createTestClient, type IdentityTestEnv } from './test-support/identity-harness';

const MAIN = path.join(__dirname, '..', 'dist', 'main.js');

interface Proc {
  child: ChildProcess;
  out: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
}

/**
 * Two built identity processes share the queue group; one gets SIGTERM in the middle of a burst of sign-ups whose
 * password hashing (a costly argon2) keeps several of its handlers running for well over a second. It stops taking
 * commands, finishes and answers the ones it holds, and exits 0; the other takes the rest.
 */
describe('identity: SIGTERM drains (a built process, during a burst of commands)', () => {
  let env: IdentityTestEnv;
  let client: MessagingClient;
  let clientContext: INestApplicationContext;
  const procs: Proc[] = [];

  function start(): Proc {
    const child = spawn(process.execPath, [MAIN], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        DATABASE_URL: env.config.databaseUrl,
        NATS_URL: env.natsUrl,
        NATS_NAMESPACE: env.namespace,
        ARGON2_MEMORY_KIB: '32768',
        ARGON2_TIME_COST: '6',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout?.on('data', (b: Buffer) => (out += b.toString()));
    child.stderr?.on('data', (b: Buffer) => (out += b.toString()));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
    );
    const p = { child, out: () => out, exited };
    procs.push(p);
    return p;
  }

  beforeAll(async () => {
    expect(fs.existsSync(MAIN)).toBe(true);
    env = await createIdentityTestEnv('identity_drain');
    const a = start();
    await waitFor(() => a.out().includes('identity listening on NATS'), { timeoutMs: 30_000, message: 'first identity process' });
    const b = start();
    await waitFor(() => b.out().includes('identity listening on NATS'), { timeoutMs: 30_000, message: 'second identity process' });
    ({ client, context: clientContext } = await createTestClient(env));
  });

  afterAll(async () => {
    for (const p of procs) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
    await Promise.all(procs.map((p) => p.exited));
    await clientContext?.close();
    await env?.close();
  });

  it('loses no command, answers every one, and exits 0 within the grace period', async () => {
    const [a, b] = procs as [Proc, Proc];
    let n = 0;
    const register = (): Promise<AuthResponse> => {
      const i = ++n;
      return client.send(RegisterUser, { username: `drain${i}`, email: `drain${i}.${Date.now()}@example.test`, password: 'drain-pass-123' }, { timeoutMs: 60_000 });
    };
    const first = Array.from({ length: 16 }, register);
    await new Promise((r) => setTimeout(r, 300));
    const signalledAt = Date.now();
    a.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 100));
    const second = Array.from({ length: 8 }, register);

    const results = await Promise.allSettled([...first, ...second]);
    const failures = results.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []));
    expect(failures).toEqual([]);

    const exit = await a.exited;
    expect(exit).toMatchObject({ code: 0, signal: null });
    expect(exit.at - signalledAt).toBeLessThan(30_000);
    expect(a.out()).toMatch(/identity SIGTERM: draining[\s\S]*identity drained in \d+ ms/);
    // The drained process had handlers of the burst running when the signal came.
    expect(a.out()).not.toMatch(/shutdown failed|did not drain/);
    expect(b.child.exitCode).toBeNull();

    const ds = await new DataSource({ type: 'postgres', url: env.config.databaseUrl }).initialize();
    try {
      const [{ count }] = (await ds.query(`SELECT count(*)::int AS count FROM identity.users WHERE username LIKE 'drain%'`)) as [{ count: number }];
      expect(count).toBe(n);
    } finally {
      await ds.destroy();
    }
  });
});
