import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * AES-256-GCM for secrets at rest: `v1:<iv b64>:<tag b64>:<ciphertext b64>`, a fresh 12-byte IV each time.
 * `aad` binds the ciphertext to its use (a value encrypted for one column does not decrypt for another).
 */
export class SecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('SecretBox needs a 32-byte key');
  }

  seal(plain: string, aad: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(aad, 'utf8'));
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv.toString('base64'), cipher.getAuthTag().toString('base64'), data.toString('base64')].join(':');
  }

  open(sealed: string, aad: string): string {
    const [version, iv, tag, data] = sealed.split(':');
    if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('Unknown sealed secret format');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64'));
    decipher.setAAD(Buffer.from(aad, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
  }
}

/**
 * What may be shown of a secret key: its prefix up to the last '_' (`sk_live_`) when there is one, an
 * ellipsis and the last 4 characters (`sk_live_…abcd`). Short values show only the ellipsis and 2 characters.
 */
export function maskSecret(value: string): string {
  const prefixMatch = /^([A-Za-z]+_(?:[A-Za-z]+_)?)/.exec(value);
  const prefix = prefixMatch?.[1] ?? '';
  const rest = value.slice(prefix.length);
  if (rest.length >= 12) return `${prefix}…${rest.slice(-4)}`;
  return `${prefix}…${rest.slice(-2)}`;
}

/** True when the value is a mask (the client sent back what it was shown). */
export function isMask(value: string): boolean {
  return value.includes('…');
}
