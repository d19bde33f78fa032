import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload } from 'jose';
import { AppError, BadRequest } from '../../shared/errors.js';
import { minutes } from '../../shared/time.js';

/** How long the provider's discovery document is trusted before it is read again (keys rotate through jwks_uri). */
const DISCOVERY_TTL = minutes(60);
// Asymmetric algorithms only: a symmetric one would make the client id's secret (or none) a signing key.
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];
/** An identity token older than the state it answers cannot belong to it. */
export const MAX_TOKEN_AGE_SECONDS = 10 * 60;

interface Discovery {
  authorization_endpoint: string;
  jwks_uri: string;
}

export const InvalidSocialToken = (reason: string) =>
  BadRequest('INVALID_SOCIAL_TOKEN', `The identity token was refused: ${reason}.`, 'token');
const ProviderUnavailable = () =>
  new AppError(503, 'PROVIDER_UNAVAILABLE', 'The sign-in provider cannot be reached. Please try again later.');

/**
 * One OpenID Connect provider as a relying party sees it: its discovery document and published keys (read from the
 * configured issuer and cached; jose refreshes the key set when a token names an unknown key id), and the checks an
 * identity token must pass: signature, iss, aud = our client id, exp and iat (not in the future, not too old).
 */
export class OidcProvider {
  private discovery: { doc: Discovery; jwks: ReturnType<typeof createRemoteJWKSet>; at: number } | null = null;

  constructor(
    readonly issuer: string,
    readonly clientId: string,
    /** Google's tokens may name the issuer without the scheme (its documentation allows both spellings). */
    private readonly issuerAliases: string[] = [],
  ) {}

  async authorizationUrl(params: Record<string, string>): Promise<string> {
    const { doc } = await this.discover();
    const url = new URL(doc.authorization_endpoint);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    return url.toString();
  }

  /** The verified claims of an identity token; the caller checks the nonce against the state it was issued with. */
  async verify(token: string): Promise<JWTPayload & { sub: string; nonce?: unknown }> {
    const { jwks } = await this.discover();
    try {
      const { payload } = await jwtVerify(token, jwks, {
        issuer: [this.issuer, ...this.issuerAliases],
        audience: this.clientId,
        algorithms: ALGORITHMS,
        requiredClaims: ['sub', 'iat', 'exp'],
        maxTokenAge: MAX_TOKEN_AGE_SECONDS,
        clockTolerance: 30,
      });
      if (typeof payload.sub !== 'string' || payload.sub.length === 0 || payload.sub.length > 255) {
        throw InvalidSocialToken('no subject');
      }
      return payload as JWTPayload & { sub: string };
    } catch (err) {
      if (err instanceof AppError) throw err;
      // The key set could not be fetched: the provider's fault, not the token's.
      if (err instanceof errors.JWKSTimeout || !(err instanceof errors.JOSEError)) throw ProviderUnavailable();
      throw InvalidSocialToken(reasonOf(err));
    }
  }

  private async discover() {
    if (this.discovery && Date.now() - this.discovery.at < DISCOVERY_TTL) return this.discovery;
    let doc: Discovery & { issuer?: string };
    try {
      const res = await fetch(`${this.issuer}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(10_000) });
      if (!res.ok) throw new Error(`discovery answered ${res.status}`);
      doc = (await res.json()) as Discovery & { issuer?: string };
    } catch {
      throw ProviderUnavailable();
    }
    // OpenID Connect Discovery §4.3: the document must name the issuer it was fetched from.
    if (doc.issuer !== this.issuer || !doc.authorization_endpoint || !doc.jwks_uri) throw ProviderUnavailable();
    this.discovery = { doc, jwks: createRemoteJWKSet(new URL(doc.jwks_uri)), at: Date.now() };
    return this.discovery;
  }
}

function reasonOf(err: unknown): string {
  // jose reports a token older than maxTokenAge as expired, naming the iat claim.
  if (err instanceof errors.JWTExpired) return err.claim === 'iat' ? 'issued too long ago' : 'it has expired';
  if (err instanceof errors.JWTClaimValidationFailed) {
    if (err.claim === 'iss') return 'wrong issuer';
    if (err.claim === 'aud') return 'wrong audience';
    if (err.claim === 'iat') return 'issued in the future';
    return `claim ${err.claim} is invalid`;
  }
  if (err instanceof errors.JWSSignatureVerificationFailed || err instanceof errors.JWKSNoMatchingKey) {
    return "the signature does not match the provider's keys";
  }
  if (err instanceof errors.JOSEAlgNotAllowed) return 'signing algorithm not allowed';
  return 'it is not a valid identity token';
}
