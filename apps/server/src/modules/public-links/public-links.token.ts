import { createHmac, randomBytes } from 'node:crypto';
import { loadOrCreateKey } from '../../shared/key-file.js';
import { safeEqual } from '../../shared/tokens.js';

/**
 * Link tokens: token = base64url(HMAC-SHA256(link key, "link." + link id + "." + nonce)), 256 bits. The database keeps
 * the nonce and SHA-256(token) (the look-up key), never the token: the owner's "copy link" recomputes it with the key,
 * while a leaked database alone yields no working token, because the key lives outside it (SHARE_LINK_KEY, or a file
 * in DATA_DIR created on first start; every instance must see the same key).
 */
export class LinkKey {
  private constructor(private readonly key: Buffer) {}

  static load(configured: string | null, file: string): LinkKey {
    return new LinkKey(loadOrCreateKey(configured, file, 'share-link'));
  }

  static newNonce = (): string => randomBytes(16).toString('base64url');

  tokenOf(linkId: string, nonce: string): string {
    return this.mac(`link.${linkId}.${nonce}`);
  }

  /**
   * Proof that the visitor gave the link's password: bound to the link and to its password hash (a new password ends
   * every earlier proof), expiring at `expiresAt`.
   */
  unlockProof(linkId: string, passwordHash: string, expiresAt: number): string {
    const body = Buffer.from(JSON.stringify({ l: linkId, e: expiresAt })).toString('base64url');
    return `${body}.${this.mac(`unlock.${body}.${passwordHash}`)}`;
  }

  checkUnlock(proof: string | undefined, linkId: string, passwordHash: string, at: number): boolean {
    if (!proof) return false;
    const [body = '', sig = '', extra] = proof.split('.');
    if (extra !== undefined || !safeEqual(sig, this.mac(`unlock.${body}.${passwordHash}`))) return false;
    try {
      const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { l?: unknown; e?: unknown };
      return claims.l === linkId && typeof claims.e === 'number' && claims.e > at;
    } catch {
      return false;
    }
  }

  private mac(input: string): string {
    return createHmac('sha256', this.key).update(input).digest('base64url');
  }
}
