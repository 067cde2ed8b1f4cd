import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isPortOpen, waitFor } from '@tiredash/testing';
import { LocalDiskStorage } from './local-disk.storage';
import type { MediaStorage } from './media-storage';
import { S3Storage } from './s3.storage';

function behavesLikeStorage(name: string, make: () => MediaStorage) {
  describe(name, () => {
    it('puts, gets and deletes objects; a missing key is null', async () => {
      const storage = make();
      const key = `2026/01/${randomBytes(8).toString('hex')}/logo.png`;
      const data = randomBytes(2048);
      await storage.put(key, data, 'image/png');
      expect((await storage.get(key))?.equals(data)).toBe(true);
      await storage.delete(key);
      expect(await storage.get(key)).toBeNull();
      await expect(storage.delete(key)).resolves.toBeUndefined();
    });

    it('refuses keys that could leave the storage root', async () => {
      const storage = make();
      await expect(storage.put('../etc/passwd', Buffer.from('x'), 'image/png')).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.get('/abs/path.png')).rejects.toThrow(/Unsafe storage key/);
    });
  });
}

describe('local disk storage', () => {
  const root = mkdtempSync(join(tmpdir(), 'uploads-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  behavesLikeStorage('LocalDiskStorage', () => new LocalDiskStorage(root));

  it('leaves no temp file behind', async () => {
    const storage: MediaStorage = new LocalDiskStorage(root);
    await storage.put('a/b/c.png', Buffer.from('x'), 'image/png');
    expect(readdirSync(join(root, 'a', 'b'))).toEqual(['c.png']);
    expect(existsSync(join(root, 'a', 'b', 'c.png'))).toBe(true);
  });
});

/**
 * The S3 driver against a local S3-compatible server: moto_server (Python moto), started on a free port when
 * it is installed. Moto parses the SigV4 Authorization header but does not verify the signature, so this
 * checks the requests and the object round trip, not the signature maths.
 */
describe('S3 storage (moto_server)', () => {
  const port = 4566 + Math.floor(Math.random() * 400);
  const endpoint = `http://127.0.0.1:${port}`;
  let server: ChildProcess | undefined;
  const options = {
    endpoint,
    region: 'us-east-1',
    bucket: 'tiredash-test',
    accessKeyId: 'AKIDEXAMPLE',
    secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
    forcePathStyle: true,
  };

  beforeAll(async () => {
    server = spawn('moto_server', ['-H', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' });
    await waitFor(() => isPortOpen('127.0.0.1', port, 200), { timeoutMs: 20_000, intervalMs: 200, message: 'moto_server up' });
    const res = await fetch(`${endpoint}/${options.bucket}`, { method: 'PUT' });
    expect(res.ok).toBe(true);
  }, 30_000);
  afterAll(() => {
    server?.kill();
  });

  behavesLikeStorage('S3Storage', () => new S3Storage(options));

  it('signs with AWS SigV4 (path style, payload hash, date scope)', () => {
    const storage = new S3Storage(options, () => new Date('2026-01-02T03:04:05.000Z'));
    const { url, headers } = storage.sign('PUT', '2026/01/x/logo.png', Buffer.from('abc'), { 'Content-Type': 'image/png' });
    expect(url).toBe(`${endpoint}/tiredash-test/2026/01/x/logo.png`);
    expect(headers['x-amz-date']).toBe('20260102T030405Z');
    expect(headers['x-amz-content-sha256']).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/20260102\/us-east-1\/s3\/aws4_request, SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/,
    );
  });
});
