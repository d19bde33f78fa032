import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { STATUS_CODES } from 'node:http';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * A body read as raw bytes (an upload, a photo, a vCard file): no JSON schema validates it, so the API document
     * shows it as a binary request body of these media types.
     */
    binaryBody?: { mediaTypes: readonly string[]; description: string };
  }
}

/** The feature groups of the reference, in the order a reader meets them; each operation's `tags` names one. */
export const API_TAGS: ReadonlyArray<{ name: string; description: string }> = [
  { name: 'auth', description: 'Sign-in, token refresh, sign-out, sessions and devices, health.' },
  { name: 'two-factor', description: 'Two-factor sign-in (authenticator app, codes, recovery codes).' },
  { name: 'social-login', description: 'Sign-in and account linking with Google and Apple.' },
  { name: 'qr-login', description: 'Signing in a second device by QR code, and the operator’s silent sign-in.' },
  { name: 'signup', description: 'Sign-up with a one-time code by SMS or e-mail.' },
  { name: 'captcha', description: 'Image and audio captchas, and whether one is required.' },
  { name: 'recovery', description: 'Forgotten password (flows v1, v2, v3), security questions.' },
  { name: 'eula', description: 'Terms of use, privacy notice and communication consents.' },
  { name: 'account', description: 'The account: info, language, settings, usage, authorities.' },
  { name: 'profile', description: 'Profile, profile photo, e-mail, phone and password changes, consents, deletion.' },
  { name: 'notification', description: 'In-app notifications.' },
  { name: 'remoteconfig', description: 'Remote configuration values for the clients.' },
  { name: 'files', description: 'Files and folders: listings, create, rename, move, trash, hide, favourites, activity.' },
  { name: 'upload', description: 'Uploads: whole or in resumable pieces.' },
  { name: 'download', description: 'Signed download URLs, file downloads and zips.' },
  { name: 'media', description: 'Thumbnails and previews behind signed URLs.' },
  { name: 'photos', description: 'The photo timeline: day groups, pages and positions.' },
  { name: 'albums', description: 'Albums and their photos.' },
  { name: 'people', description: 'People found in photos: faces, names, visibility.' },
  { name: 'places', description: 'Places photos were taken.' },
  { name: 'things', description: 'Things found in photos.' },
  { name: 'foryou', description: 'For you: memories, collages, animations, stories, styled photos.' },
  { name: 'search', description: 'Unified search and suggestions.' },
  { name: 'shares', description: 'Private shares with named people, and the shared-content viewer.' },
  { name: 'share-link', description: 'Public links: creating them, and what a visitor with the link lists, downloads and saves.' },
  { name: 'office', description: 'Office documents: blank documents, opening in the editor, and the WOPI host editors call.' },
  { name: 'contacts', description: 'Contacts backup: versions, vCard import and export, restore.' },
  { name: 'migration', description: 'Moving in: importing from Dropbox, and a Google Photos Takeout uploaded to Files.' },
  { name: 'data-export', description: 'Moving out: download all my data as zip parts behind signed 7-day links.' },
  { name: 'webdav', description: 'App passwords for the WebDAV and CardDAV mounts.' },
  { name: 'packages', description: 'Storage packages, orders and the subscription.' },
  { name: 'payment', description: 'Payments, saved cards and wallet payments.' },
  { name: 'invoice', description: 'Invoices and their PDFs.' },
  { name: 'family', description: 'Family sharing: members, limits, invitations.' },
  { name: 'campaigns', description: 'Invite friends, the stars campaign and raffle rights.' },
  { name: 'draw', description: 'The telesales prize draw.' },
  { name: 'feedback', description: 'The feedback form.' },
  { name: 'support', description: 'Live support chat for subscribers.' },
  { name: 'ops', description: 'Operator console: operators, sign-in, plans, configuration, orders, audit, campaigns.' },
  { name: 'ops-subscribers', description: 'Operator console: subscriber look-up and actions.' },
  { name: 'ops-support', description: 'Operator console: the support inbox.' },
];

const DESCRIPTION = `Cloud storage and photo gallery. Every path is under \`/api\`; requests and answers are JSON unless an
operation says otherwise.

## Signing in
1. \`POST /api/auth/token\` with \`{ "username", "password" }\` (username: e-mail or phone number). The session token comes
   back in the **\`X-Auth-Token\` response header**; with \`?rememberMe=true\` a long-lived **\`X-Remember-Me-Token\`**
   header comes too. (With two-factor sign-in on, the answer is a challenge instead: finish with
   \`POST /api/auth/2fa/token\`, which answers with the same headers.)
2. Send \`X-Auth-Token: <token>\` on every other call (the **Authorize** button here does it for you). A session ends
   after an hour without use: a call then answers \`401\`.
3. To carry on without a password, \`POST /api/auth/rememberMe\` with the \`X-Remember-Me-Token\` request header: a new
   \`X-Auth-Token\` and a new \`X-Remember-Me-Token\` come back in the response headers (the old remember-me token
   stops working).
4. \`POST /api/auth/logout\` ends the session.

Operations marked with no lock need no session (sign-in, sign-up, recovery, public links, health). Downloads,
thumbnails and previews are opened through signed URLs that other operations hand out: the token in the path is the
credential.

## Failures
Every failure answers its HTTP status with \`{ "status", "message", "field"?, "requestId"? }\`: \`status\` is a stable
name (\`VALIDATION_ERROR\`, \`UNAUTHORIZED\`, \`NOT_FOUND\`, \`TOO_MANY_REQUESTS\`, …), \`field\` names the failing input,
\`requestId\` is the one to quote to support. A \`429\` may carry \`Retry-After\`.`;

/** The name a wildcard path parameter takes in the document: the schema's `title`, else `path`. */
function wildcardName(params: unknown): string {
  const star = (params as { properties?: Record<string, { title?: unknown }> } | undefined)?.properties?.['*'];
  return typeof star?.title === 'string' ? star.title : 'path';
}

/** `{ type: 'string', format: 'binary', 'x-media-type' }` (shared/schemas.ts `Binary`) becomes a response of that media type. */
function binaryResponse(schema: unknown): unknown {
  const s = schema as { format?: string; 'x-media-type'?: string; description?: string } | undefined;
  if (s?.format !== 'binary' || !s['x-media-type']) return schema;
  return { description: s.description, content: { [s['x-media-type']]: { schema: { type: 'string', format: 'binary' } } } };
}

/**
 * How a route's declaration reads in the document (the route itself is unchanged): a route needing no session (public
 * or behind a signed URL) says `security: []`; a wildcard becomes a named parameter; raw and binary bodies and answers
 * show their media types.
 */
export function documentRoute({ schema, url, route }: { schema: RouteOptions['schema']; url: string; route: RouteOptions }) {
  const config = (route.config ?? {}) as { public?: boolean; signedUrl?: boolean };
  const doc: Record<string, unknown> = { ...schema };
  if (config.public === true || config.signedUrl === true) doc.security = [];
  let path = url;
  if (url.endsWith('/*')) {
    const name = wildcardName(doc.params);
    path = `${url.slice(0, -1)}:${name}`;
    const params = doc.params as { properties?: Record<string, unknown>; required?: string[] } | undefined;
    if (params?.properties?.['*']) {
      const { '*': star, ...rest } = params.properties;
      doc.params = { ...params, properties: { ...rest, [name]: star }, required: (params.required ?? []).map((p) => (p === '*' ? name : p)) };
    }
  }
  const binaryBody = doc.binaryBody as FastifySchema['binaryBody'];
  if (binaryBody) {
    const binary = { schema: { type: 'string', format: 'binary', description: binaryBody.description } };
    doc.body = { content: Object.fromEntries(binaryBody.mediaTypes.map((type) => [type, binary])) };
    delete doc.binaryBody;
  }
  if (doc.response) {
    doc.response = Object.fromEntries(Object.entries(doc.response as Record<string, unknown>).map(([code, s]) => [code, binaryResponse(s)]));
  }
  return { schema: doc as FastifySchema, url: path };
}

interface OpenApiDocument {
  paths: Record<string, Record<string, { responses?: Record<string, { description?: string }> }>>;
}

/** Answers without a description of their own get the status's name rather than "Default Response". */
export function describeAnswers(doc: OpenApiDocument): OpenApiDocument {
  for (const methods of Object.values(doc.paths)) {
    for (const op of Object.values(methods)) {
      for (const [code, answer] of Object.entries(op.responses ?? {})) {
        if (answer.description && answer.description !== 'Default Response') continue;
        const name = STATUS_CODES[Number(code)] ?? 'Answer';
        answer.description = Number(code) >= 400 ? `${name}: { status, message, field?, requestId? }` : name;
      }
    }
  }
  return doc;
}

/** The OpenAPI document (at /api/docs/json) and its reader (/api/docs), grouped by feature. */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Bulut API', version: '1.0.0', description: DESCRIPTION },
      // Relative: the document works for whichever origin served it.
      servers: [{ url: '/', description: 'The server this document came from' }],
      tags: [...API_TAGS],
      components: {
        securitySchemes: {
          authToken: {
            type: 'apiKey',
            in: 'header',
            name: 'X-Auth-Token',
            description: 'The session token from the X-Auth-Token response header of sign-in (POST /api/auth/token) or of POST /api/auth/rememberMe.',
          },
        },
      },
      security: [{ authToken: [] }],
    },
    transform: documentRoute,
    transformObject: (document) =>
      'openapiObject' in document
        ? (describeAnswers(document.openapiObject as unknown as OpenApiDocument) as unknown as typeof document.openapiObject)
        : document.swaggerObject,
    // Shared schemas keep their $id as the component name, so generated client types are FileItem, Album, …
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    uiConfig: {
      // A reader starts from the list of features, opens one, and can filter by name.
      docExpansion: 'none',
      filter: true,
      deepLinking: true,
      defaultModelsExpandDepth: 0,
      persistAuthorization: true,
      displayRequestDuration: true,
    },
  });
}
