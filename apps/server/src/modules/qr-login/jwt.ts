import { createHmac, createPublicKey, verify, type KeyObject } from 'node:crypto';
import { safeEqual } from '../../shared/tokens.js';

/** What verifies a compact JWS: an HS256 secret, or an operator's public key (RSA: RS256, P-256: ES256). */
export type JwtKey = { kind: 'hmac'; secret: string } | { kind: 'public'; key: KeyObject; alg: 'RS256' | 'ES256' };

export function publicJwtKey(pem: string): JwtKey {
  const key = createPublicKey(pem);
  if (key.asymmetricKeyType === 'rsa') return { kind: 'public', key, alg: 'RS256' };
  if (key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1') return { kind: 'public', key, alg: 'ES256' };
  throw new Error('SILENT_LOGIN_PUBLIC_KEY must be an RSA or P-256 public key');
}

/**
 * The claims of a compact JWS whose signature `keys` verify, or null. The algorithm comes from the key, never from the
 * token's header alone: a header naming another algorithm (`none`, HS256 with a public key as secret) is refused.
 */
export function verifyJws(token: string, keys: JwtKey[]): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [h, p, s] = parts as [string, string, string];
  const header = parseJson(h);
  if (!header || typeof header.alg !== 'string') return null;
  const data = Buffer.from(`${h}.${p}`);
  const sig = Buffer.from(s, 'base64url');
  const ok = keys.some((k) => {
    if (k.kind === 'hmac') return header.alg === 'HS256' && safeEqual(createHmac('sha256', k.secret).update(data).digest('base64url'), s);
    if (header.alg !== k.alg) return false;
    // JWS carries ES256 signatures as raw r||s (IEEE P1363), not DER.
    return k.alg === 'ES256' ? verify('sha256', data, { key: k.key, dsaEncoding: 'ieee-p1363' }, sig) : verify('sha256', data, k.key, sig);
  });
  return ok ? parseJson(p) : null;
}

function parseJson(part: string): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
