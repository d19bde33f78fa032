import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { FRAMED_PAGE_HEADERS } from './security-headers.js';
import { isAppPath, isNoindexPath, NOINDEX, withNoindexMeta } from './app-paths.js';

/** What the web build precompresses (apps/web/vite.config.ts writes `.br` and `.gz` beside each of these). */
export const PRECOMPRESSED = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

/** Vite fingerprints everything under assets/, so those never change; anything else must always be revalidated. */
export const cacheControlFor = (filePath: string) =>
  filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache';

/** The operator console's client routes (issue 27): its own page, ops.html, a separate entry of the web build. */
export const isConsolePath = (pathname: string) => pathname === '/ops' || pathname.startsWith('/ops/');

/** The support chat page (issue 29): its own entry, support-chat.html, shown inside the account dialog's frame. */
export const isSupportChatPath = (pathname: string) => pathname === '/support-chat' || pathname.startsWith('/support-chat/');

/**
 * Serves the built web app on the same port: the app's pages (app-paths.ts) get index.html so the client router
 * decides, the shared-content pages with `noindex`; any other unknown path is a 404 in the product's error shape. Text
 * files go out as their precompressed `.br` or `.gz` twin when the client accepts it.
 */
/** A page the server renders itself: the link visitor's /sharedFiles (issue 36), answered by the public-links module. */
export type RenderedPage = (req: FastifyRequest) => Promise<{ status: number; html: string }>;

export async function registerWebApp(app: FastifyInstance, distDir: string | null, pages: { sharedFiles?: RenderedPage | null } = {}): Promise<void> {
  const hasWeb = distDir !== null && fs.existsSync(path.join(distDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // send's own header would say `public, max-age=0` and win over ours.
      cacheControl: false,
      // The compressed twins are served in place of their originals, never under their own names.
      allowedPath: (pathname) => !/\.(?:br|gz)$/.test(pathname),
      setHeaders: (res, filePath) => {
        res.setHeader('cache-control', cacheControlFor(filePath));
        if (PRECOMPRESSED.test(filePath.replace(/\.(?:br|gz)$/, ''))) res.setHeader('vary', 'Accept-Encoding');
      },
    });
  }
  const hasConsole = hasWeb && fs.existsSync(path.join(distDir, 'ops.html'));
  const hasChat = hasWeb && fs.existsSync(path.join(distDir, 'support-chat.html'));
  // The shared-content pages' copy of index.html, with the robots meta tag (read once: a new build restarts the server).
  const noindexPage = hasWeb ? withNoindexMeta(fs.readFileSync(path.join(distDir, 'index.html'), 'utf8')) : '';
  app.setNotFoundHandler((req, reply) => {
    const wantsPage = req.method === 'GET' && !req.url.startsWith('/api/') && hasWeb;
    const pathname = req.url.split('?')[0]!;
    if (wantsPage && hasChat && isSupportChatPath(pathname)) return reply.headers(FRAMED_PAGE_HEADERS).sendFile('support-chat.html');
    if (wantsPage && hasConsole && isConsolePath(pathname)) return reply.sendFile('ops.html');
    // Exactly the link's page: its children (/sharedFiles/login, /preview, …) are the app's, below.
    if (wantsPage && pages.sharedFiles && pathname === '/sharedFiles') {
      return pages.sharedFiles(req).then(({ status, html }) =>
        reply
          .status(status)
          .type('text/html; charset=utf-8')
          // Someone else's items and signed URLs: never kept by a cache, never indexed.
          .header('cache-control', 'no-store')
          .header('x-robots-tag', NOINDEX)
          .header('vary', 'Accept-Language, Cookie')
          .send(html),
      );
    }
    if (wantsPage && isNoindexPath(pathname)) {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('x-robots-tag', NOINDEX).send(noindexPage);
    }
    if (wantsPage && isAppPath(pathname)) return reply.sendFile('index.html');
    return reply.status(404).send({ status: 'NOT_FOUND', message: `Route ${req.method} ${pathname} not found.`, requestId: req.id });
  });
}
