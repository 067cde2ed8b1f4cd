import { DomainError, roleSchema, type AccessTokenClaims } from '@tiredash/contracts';
import jwt from 'jsonwebtoken';
import { createSecretKey, randomUUID, type KeyObject } from 'node:crypto';
import { z } from 'zod';
import type { JwtConfig } from './jwt-config';

/** The only algorithm accepted; anything else (none, HS512, RS256, ...) is refused. */
export const JWT_ALGORITHM = 'HS256' as const;

const claimsSchema = z.object({
  sub: z.string().uuid(),
  role: roleSchema.nullable(),
  email: z.string(),
});

/** A verified token must also carry an expiry (jsonwebtoken alone accepts tokens without `exp`). */
const verifiedSchema = claimsSchema.extend({
  exp: z.number().int(),
  jti: z.string().max(100).optional(),
  sv: z.number().int().min(0).optional(),
});

/**
 * What a verified token says, with its id, expiry and session version (0 when it carries none); a session can end
 * before `exp`: see TokenRevocations.
 */
export type VerifiedAccessToken = Omit<AccessTokenClaims, 'sv'> & { jti: string | null; exp: number; sv: number };

/**
 * The HMAC secret as a KeyObject, made once per secret. Given a string, jsonwebtoken first tries to parse it as
 * a PEM public key (createPublicKey throws, then it falls back to a secret key) on every verify: that failed
 * parse was about 14% of the gateway's CPU under load (bench/bidding-burst.mjs).
 */
const secretKeys = new Map<string, KeyObject>();
function secretKeyOf(secret: string): KeyObject {
  let key = secretKeys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    if (secretKeys.size > 16) secretKeys.clear();
    secretKeys.set(secret, key);
  }
  return key;
}

export function signAccessToken(claims: AccessTokenClaims, cfg: JwtConfig): string {
  const { sub, role, email } = claimsSchema.parse(claims);
  const sv = z.number().int().min(0).default(0).parse(claims.sv);
  return jwt.sign({ role, email, sv }, cfg.secret, {
    algorithm: JWT_ALGORITHM,
    subject: sub,
    issuer: cfg.issuer,
    audience: cfg.audience,
    expiresIn: cfg.expiresInSeconds,
    // Each token has its own id: logging out revokes exactly this token.
    jwtid: randomUUID(),
  });
}

/**
 * Tokens already verified, with the configuration they were verified against: a client presents the same token on
 * every call until it expires, and verifying it again (HMAC, base64 and JSON parses, the claims' schema) was the
 * gateway's largest cost of its own per call after the socket writes (bench:peer profile). Bounded; an entry is
 * used only for the same configuration object and only until the token's `exp`. Revocation is checked by the
 * caller on every call, cached or not.
 */
const VERIFIED_CACHE_MAX = 10_000;
const verifiedTokens = new Map<string, { cfg: JwtConfig; claims: VerifiedAccessToken }>();

const expired = (): DomainError => new DomainError('UNAUTHENTICATED', 'Token expired');

/** Verifies signature (HS256 only), expiry, issuer and audience; throws DomainError UNAUTHENTICATED otherwise. */
export function verifyAccessToken(token: string, cfg: JwtConfig): VerifiedAccessToken {
  const hit = verifiedTokens.get(token);
  if (hit !== undefined && hit.cfg === cfg) {
    if (Math.floor(Date.now() / 1000) >= hit.claims.exp) {
      verifiedTokens.delete(token);
      throw expired();
    }
    return hit.claims;
  }
  const claims = verifyUncached(token, cfg);
  if (verifiedTokens.size >= VERIFIED_CACHE_MAX) verifiedTokens.clear();
  verifiedTokens.set(token, { cfg, claims });
  return claims;
}

function verifyUncached(token: string, cfg: JwtConfig): VerifiedAccessToken {
  let decoded: string | jwt.JwtPayload;
  try {
    decoded = jwt.verify(token, secretKeyOf(cfg.secret), {
      algorithms: [JWT_ALGORITHM],
      issuer: cfg.issuer,
      audience: cfg.audience,
      complete: false,
    });
  } catch (err) {
    if (err instanceof jwt.TokenExpiredError) throw expired();
    throw new DomainError('UNAUTHENTICATED', 'Invalid token');
  }
  const parsed = verifiedSchema.safeParse(decoded);
  if (!parsed.success) throw new DomainError('UNAUTHENTICATED', 'Invalid token claims');
  const { sub, role, email, exp, jti, sv } = parsed.data;
  return { sub, role, email, exp, jti: jti ?? null, sv: sv ?? 0 };
}
