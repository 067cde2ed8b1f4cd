import { UploadUrlSigner } from './upload-urls';

const SECRET = 'upload-url-test-secret-long-enough-0123456789';
const ID = '00000000-0000-4000-8000-0000000000d1';
const NOW = Date.UTC(2026, 10, 25, 10, 0, 0);
const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Splits a signed URL into what the route receives: the file name and the two query values. */
function parts(url: string): { fileName: string; expires: string; signature: string } {
  const u = new URL(url, 'http://gateway');
  return {
    fileName: decodeURIComponent(u.pathname.split('/').pop() ?? ''),
    expires: u.searchParams.get('expires') ?? '',
    signature: u.searchParams.get('signature') ?? '',
  };
}

describe('UploadUrlSigner', () => {
  const signer = new UploadUrlSigner(SECRET, 300);

  it('signs the path of the upload with an expiry ttl seconds ahead, and verifies it until then', () => {
    const url = signer.sign(ID, 'id card.png', NOW);
    expect(url).toMatch(new RegExp(`^/api/uploads/${ID}/id%20card\\.png\\?expires=${NOW / 1000 + 300}&signature=[A-Za-z0-9_-]{43}$`));
    const p = parts(url);
    expect(signer.verify(ID, p.fileName, p.expires, p.signature, NOW)).toEqual({ ok: true, expires: NOW / 1000 + 300 });
    expect(signer.verify(ID, p.fileName, p.expires, p.signature, NOW + 299_000)).toMatchObject({ ok: true });
    expect(signer.verify(ID, p.fileName, p.expires, p.signature, NOW + 300_000)).toEqual({ ok: false, reason: 'URL_EXPIRED' });
  });

  it('refuses a missing, malformed or tampered signature, and one of another file, name, expiry or key', () => {
    const p = parts(signer.sign(ID, 'a.png', NOW));
    // 32 bytes are 43 characters: the last one's 2 low bits are unused, so flipping one spells the same bytes.
    expect(Buffer.from(`${p.signature.slice(0, -1)}${B64URL[B64URL.indexOf(p.signature.slice(-1)) ^ 1]}`, 'base64url')).toEqual(
      Buffer.from(p.signature, 'base64url'),
    );
    expect(signer.verify(ID, 'a.png', undefined, undefined, NOW)).toEqual({ ok: false, reason: 'SIGNATURE_REQUIRED' });
    for (const [id, name, expires, signature] of [
      [ID, 'a.png', p.expires, undefined],
      [ID, 'a.png', 'soon', p.signature],
      [ID, 'a.png', ['1', '2'], p.signature],
      [ID, 'a.png', p.expires, `${p.signature.startsWith('A') ? 'B' : 'A'}${p.signature.slice(1)}`],
      // The same bytes spelled otherwise (the last character's unused bits) are not the link's signature either.
      [ID, 'a.png', p.expires, `${p.signature.slice(0, -1)}${B64URL[B64URL.indexOf(p.signature.slice(-1)) ^ 1]}`],
      [ID, 'a.png', p.expires, p.signature.slice(0, 20)],
      [ID, 'a.png', String(Number(p.expires) + 1), p.signature],
      [ID, 'b.png', p.expires, p.signature],
      ['00000000-0000-4000-8000-0000000000d2', 'a.png', p.expires, p.signature],
    ] as const) {
      expect(signer.verify(id, name, expires, signature, NOW)).toEqual({ ok: false, reason: 'SIGNATURE_INVALID' });
    }
    // Another JWT secret derives another key.
    expect(new UploadUrlSigner(`${SECRET}x`, 300).verify(ID, 'a.png', p.expires, p.signature, NOW)).toEqual({ ok: false, reason: 'SIGNATURE_INVALID' });
  });
});
