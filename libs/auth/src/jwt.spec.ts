import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { DomainError, type AccessTokenClaims } from '@tiredash/contracts';
import jwt from 'jsonwebtoken';
import { DEV_JWT_SECRET, jwtConfigFromEnv, type JwtConfig } from './jwt-config';
import { signAccessToken, verifyAccessToken } from './jwt';

const cfg: JwtConfig = {
  secret: 'a-test-secret-that-is-long-enough-0123456789',
  issuer: 'tiredash-identity',
  audience: 'tiredash-api',
  expiresInSeconds: 3600,
};
const claims: AccessTokenClaims = { sub: randomUUID(), role: 'customer', email: 'c@example.com' };

const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
const nowSec = () => Math.floor(Date.now() / 1000);
const payload = () => ({
  sub: claims.sub,
  role: claims.role,
  email: claims.email,
  iss: cfg.issuer,
  aud: cfg.audience,
  iat: nowSec(),
  exp: nowSec() + 600,
});

function expectRefused(token: string, message?: RegExp): void {
  let caught: unknown;
  try {
    verifyAccessToken(token, cfg);
  } catch (err) {
    caught = err;
  }
  expect(caught).toBeInstanceOf(DomainError);
  expect((caught as DomainError).code).toBe('UNAUTHENTICATED');
  if (message) expect((caught as DomainError).message).toMatch(message);
}

describe('access tokens', () => {
  it('accepts a token it signed and returns its claims', () => {
    const token = signAccessToken(claims, cfg);
    expect(verifyAccessToken(token, cfg)).toEqual({ ...claims, sv: 0, exp: expect.any(Number), jti: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    // The session version travels in the token (a role, approval or password change raises the user's).
    expect(verifyAccessToken(signAccessToken({ ...claims, sv: 3 }, cfg), cfg).sv).toBe(3);
    // Each token has its own id (logout revokes one session, not the others).
    expect(verifyAccessToken(signAccessToken(claims, cfg), cfg).jti).not.toBe(verifyAccessToken(token, cfg).jti);
    const header = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()) as { alg: string };
    expect(header.alg).toBe('HS256');
    const decoded = jwt.decode(token) as jwt.JwtPayload;
    expect(decoded.exp! - decoded.iat!).toBe(3600);
    expect(decoded).toMatchObject({ iss: cfg.issuer, aud: cfg.audience, sub: claims.sub });
  });

  it('keeps a null role', () => {
    const token = signAccessToken({ ...claims, role: null }, cfg);
    expect(verifyAccessToken(token, cfg).role).toBeNull();
  });

  it('refuses an expired token', () => {
    const token = jwt.sign({ ...payload(), iat: nowSec() - 120, exp: nowSec() - 60 }, cfg.secret, { algorithm: 'HS256' });
    expectRefused(token, /expired/i);
  });

  it('refuses a token it verified once when it has expired since (the verified-token cache)', () => {
    jest.useFakeTimers({ now: new Date('2026-11-25T10:00:00Z') });
    try {
      const token = signAccessToken(claims, { ...cfg, expiresInSeconds: 60 });
      expect(verifyAccessToken(token, cfg).sub).toBe(claims.sub);
      expect(verifyAccessToken(token, cfg).sub).toBe(claims.sub);
      jest.setSystemTime(new Date('2026-11-25T10:01:00Z'));
      expectRefused(token, /expired/i);
      expectRefused(token, /expired/i);
    } finally {
      jest.useRealTimers();
    }
  });

  it('never takes a token verified under one configuration for another (the verified-token cache)', () => {
    const token = signAccessToken(claims, cfg);
    expect(verifyAccessToken(token, cfg).sub).toBe(claims.sub);
    let caught: unknown;
    try {
      verifyAccessToken(token, { ...cfg, secret: 'another-secret-that-is-long-enough-0123456789' });
    } catch (err) {
      caught = err;
    }
    expect((caught as DomainError).code).toBe('UNAUTHENTICATED');
    expect(() => verifyAccessToken(token, { ...cfg, audience: 'someone-else' })).toThrow(DomainError);
  });

  it('refuses a wrong audience', () => {
    expectRefused(signAccessToken(claims, { ...cfg, audience: 'someone-else' }));
  });

  it('refuses a wrong issuer', () => {
    expectRefused(signAccessToken(claims, { ...cfg, issuer: 'evil-issuer' }));
  });

  it('refuses a token without exp', () => {
    const { exp: _exp, ...rest } = payload();
    const token = jwt.sign(rest, cfg.secret, { algorithm: 'HS256' });
    // jsonwebtoken alone accepts a token without exp; we refuse it.
    expectRefused(token);
  });

  it('refuses alg none (unsigned) tokens', () => {
    const token = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload())}.`;
    expectRefused(token);
  });

  it('refuses a valid HS256 signature under a header rewritten to none', () => {
    const [, body, sig] = signAccessToken(claims, cfg).split('.');
    expectRefused(`${b64({ alg: 'none', typ: 'JWT' })}.${body}.${sig}`);
  });

  it('refuses HS512 tokens even with the right secret', () => {
    expectRefused(jwt.sign(payload(), cfg.secret, { algorithm: 'HS512' }));
  });

  it('refuses RS256 tokens', () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    expectRefused(jwt.sign(payload(), privateKey, { algorithm: 'RS256' }));
  });

  it('refuses a token signed with another secret', () => {
    expectRefused(signAccessToken(claims, { ...cfg, secret: 'another-secret-of-sufficient-length-9876543210' }));
  });

  it('refuses a tampered payload', () => {
    const [h, , s] = signAccessToken(claims, cfg).split('.');
    expectRefused(`${h}.${b64({ ...payload(), role: 'admin' })}.${s}`);
  });

  it('refuses garbage and claims of the wrong shape', () => {
    expectRefused('not-a-token');
    expectRefused(jwt.sign({ ...payload(), sub: 'not-a-uuid' }, cfg.secret, { algorithm: 'HS256' }));
    expectRefused(jwt.sign({ ...payload(), role: 'superuser' }, cfg.secret, { algorithm: 'HS256' }));
  });
});

describe('jwtConfigFromEnv', () => {
  it('applies the defaults in a local run (TIREDASH_LOCAL=1) and in tests', () => {
    const defaults = { secret: DEV_JWT_SECRET, issuer: 'tiredash-identity', audience: 'tiredash-api', expiresInSeconds: 900 };
    expect(jwtConfigFromEnv({ NODE_ENV: 'development', TIREDASH_LOCAL: '1' })).toEqual(defaults);
    expect(jwtConfigFromEnv({ NODE_ENV: 'test' })).toEqual(defaults);
  });

  it('fails closed elsewhere: no secret, or the public development one, is refused', () => {
    expect(() => jwtConfigFromEnv({ NODE_ENV: 'development' })).toThrow(/JWT_SECRET is required/);
    expect(() => jwtConfigFromEnv({})).toThrow(/JWT_SECRET is required/);
    expect(() => jwtConfigFromEnv({ JWT_SECRET: DEV_JWT_SECRET })).toThrow(/public development secret/);
    expect(() => jwtConfigFromEnv({ NODE_ENV: 'production', TIREDASH_LOCAL: '1', JWT_SECRET: DEV_JWT_SECRET })).toThrow(/public development secret/);
  });

  it('reads every variable', () => {
    expect(
      jwtConfigFromEnv({
        NODE_ENV: 'production',
        JWT_SECRET: 'x'.repeat(40),
        JWT_ISSUER: 'iss',
        JWT_AUDIENCE: 'aud',
        JWT_EXPIRES_IN_SECONDS: '60',
      }),
    ).toEqual({ secret: 'x'.repeat(40), issuer: 'iss', audience: 'aud', expiresInSeconds: 60 });
  });

  it('refuses a missing secret in production', () => {
    expect(() => jwtConfigFromEnv({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET is required/);
    expect(() => jwtConfigFromEnv({ NODE_ENV: 'production', JWT_SECRET: '' })).toThrow(/JWT_SECRET is required/);
  });

  it('refuses a short secret in production', () => {
    expect(() => jwtConfigFromEnv({ NODE_ENV: 'production', JWT_SECRET: 'short-secret' })).toThrow(
      /JWT_SECRET is too short: 12 characters, at least 32/,
    );
  });

  it('refuses a bad expiry', () => {
    expect(() => jwtConfigFromEnv({ JWT_EXPIRES_IN_SECONDS: 'soon' })).toThrow(/JWT_EXPIRES_IN_SECONDS/);
  });
});
