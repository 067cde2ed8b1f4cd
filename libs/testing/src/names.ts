import { randomBytes } from 'node:crypto';

/** A lower-case token of letters, digits and underscores: `<prefix>_<label>_<random>`, at most maxLength chars. */
export function uniqueToken(prefix: string, label: string | undefined, maxLength: number): string {
  const rand = `${Date.now().toString(36)}${randomBytes(5).toString('hex')}`;
  const clean = (label ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  const room = maxLength - prefix.length - rand.length - 2;
  const mid = clean.slice(0, Math.max(0, room));
  return mid ? `${prefix}_${mid}_${rand}` : `${prefix}_${rand}`;
}
