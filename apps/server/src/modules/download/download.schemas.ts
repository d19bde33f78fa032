import { Type } from 'typebox';

export const DownloadUrl = Type.Object(
  { uuid: Type.String(), url: Type.String(), inlineUrl: Type.String(), expiresAt: Type.Number() },
  { $id: 'DownloadUrl' },
);

/**
 * The token is the rest of the path: a wildcard, because Fastify caps named path parameters at 100 characters and a
 * signed token is about 200.
 */
export { TokenParams } from '../../shared/schemas.js';

/** `?inline=1` only labels the inline URL; whether a file shows inline is decided by the signed token alone. */
export const DownloadQuery = Type.Object({ inline: Type.Optional(Type.String({ maxLength: 8 })) });
