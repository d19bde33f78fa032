import type { Readable } from 'node:stream';
import { Type } from 'typebox';

/** The one failure shape every route documents. */
export const ErrorResponse = Type.Object(
  {
    status: Type.Union([Type.String(), Type.Number()]),
    message: Type.String(),
    field: Type.Optional(Type.String()),
    /** The request's id (also its `x-request-id` header and every log line it wrote): what a support ticket quotes. */
    requestId: Type.Optional(Type.String()),
  },
  { $id: 'ErrorResponse' },
);

export const errorResponses = {
  400: ErrorResponse,
  401: ErrorResponse,
  404: ErrorResponse,
  429: ErrorResponse,
} as const;

export const LANGUAGES = ['tr', 'en', 'ru', 'uk', 'ar', 'de', 'es', 'ro', 'sq', 'fr', 'ka'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LanguageSchema = Type.Union(LANGUAGES.map((l) => Type.Literal(l)));

export const UuidSchema = Type.String({ format: 'uuid' });

/** A stored language code as a Language, or `fallback` for a code the product does not speak. */
export const toLanguage = (value: string, fallback: Language = 'en'): Language =>
  (LANGUAGES as readonly string[]).includes(value) ? (value as Language) : fallback;

/**
 * The signed token in the wildcard of a signed-URL route (downloads, profile photos); the API document names the
 * wildcard by its title.
 */
export const TokenParams = Type.Object({
  '*': Type.String({ minLength: 1, maxLength: 1024, title: 'token', description: 'The signed token of a URL another call handed out.' }),
});

/**
 * A streamed answer (a file, an image, a zip, a PDF) of this media type: Fastify never serialises streams; the API
 * document shows the media type and the description.
 */
export const Binary = (mediaType: string, description: string) =>
  Type.Unsafe<Readable | Buffer>({ type: 'string', format: 'binary', 'x-media-type': mediaType, description });
