import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { uploadUrl } from '@tiredash/contracts';

/** Default lifetime of a signed upload URL (UPLOAD_URL_TTL_SECONDS). */
export const DEFAULT_UPLOAD_URL_TTL_SECONDS = 300;

/** Separates this key from every other use of the JWT secret (HKDF's info). */
const HKDF_SALT = 'tiredash-gateway';
const HKDF_INFO = 'upload-url-signature-v1';

export type SignatureCheck = { ok: true; expires: number } | { ok: false; reason: 'SIGNATURE_REQUIRED' | 'SIGNATURE_INVALID' | 'URL_EXPIRED' };

/**
 * Short-lived signed URLs of private uploads: `/api/uploads/<id>/<fileName>?expires=<unix s>&signature=<base64url>`,
 * the signature an HMAC-SHA256 of the id, the file name and the expiry. Its key is derived with HKDF from the
 * gateway's JWT secret (no new secret to manage; a key of its own, so a signature is never a token and the other
 * way round). Every gateway replica shares the secret, so any replica verifies what another signed.
 */
export class UploadUrlSigner {
  private readonly key: Buffer;

  constructor(
    jwtSecret: string,
    readonly ttlSeconds: number,
  ) {
    this.key = Buffer.from(hkdfSync('sha256', jwtSecret, HKDF_SALT, HKDF_INFO, 32));
  }

  /** The signed URL of an upload, valid for ttlSeconds from `now`. */
  sign(id: string, fileName: string, now: number = Date.now()): string {
    const expires = Math.floor(now / 1000) + this.ttlSeconds;
    return `${uploadUrl(id, fileName)}?expires=${expires}&signature=${this.mac(id, fileName, expires)}`;
  }

  /** Checks the query of a request for an upload: present, untampered (id, name and expiry) and not expired. */
  verify(id: string, fileName: string, expiresRaw: unknown, signatureRaw: unknown, now: number = Date.now()): SignatureCheck {
    if (expiresRaw === undefined && signatureRaw === undefined) return { ok: false, reason: 'SIGNATURE_REQUIRED' };
    if (typeof expiresRaw !== 'string' || typeof signatureRaw !== 'string' || !/^\d{1,12}$/.test(expiresRaw)) {
      return { ok: false, reason: 'SIGNATURE_INVALID' };
    }
    const expires = Number(expiresRaw);
    // Compared as text, not as decoded bytes: base64 has several spellings of the same bytes, a link has one.
    const given = Buffer.from(signatureRaw, 'utf8');
    const expected = Buffer.from(this.mac(id, fileName, expires), 'utf8');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'SIGNATURE_INVALID' };
    if (expires * 1000 <= now) return { ok: false, reason: 'URL_EXPIRED' };
    return { ok: true, expires };
  }

  private mac(id: string, fileName: string, expires: number): string {
    return createHmac('sha256', this.key).update(`${id}\n${fileName}\n${expires}`).digest('base64url');
  }
}
