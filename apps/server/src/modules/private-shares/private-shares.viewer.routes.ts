import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { HtmlPage, ViewerHeaders, ViewerParams, ViewerProjectParams, ViewerQuery } from './private-shares.schemas.js';
import type { PrivateSharesViewerService, ViewerPage } from './private-shares.viewer.service.js';

const tags = ['shares'];
// The viewer checks the item through the access policy itself, so that a failure is an HTML page (404, or 410 for a
// share that expired or was removed) the web app can show in its frame, not the JSON error the access plugin sends.
const checkedByTheViewer = 'checked by the viewer through the access policy; failures answer an HTML page (404/410)';
const html = { content: { 'text/html': { schema: HtmlPage } } };

export const privateSharesViewerRoutes: FastifyPluginAsyncTypebox<{ viewer: PrivateSharesViewerService }> = async (app, { viewer }) => {
  const send = (reply: FastifyReply, page: ViewerPage) =>
    reply
      .code(page.status)
      .type('text/html; charset=utf-8')
      // No script, form, plugin or same-origin power for what the page shows; media come from signed URLs only.
      .header('content-security-policy', page.csp)
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'no-referrer')
      // Shared content is for the people it was shared with, never for a search engine's index.
      .header('x-robots-tag', 'noindex, nofollow')
      .header('cache-control', 'private, no-store')
      .send(page.html);

  const view = (url: string, operationId: string, summary: string, params: typeof ViewerParams | typeof ViewerProjectParams) =>
    app.get(
      url,
      {
        config: {
          access: {
            permission: 'self',
            notIds: Object.keys(params.properties).map((path) => ({ in: 'params' as const, path, why: checkedByTheViewer })),
          },
        },
        schema: { operationId, summary, tags, params, querystring: ViewerQuery, headers: ViewerHeaders, response: { 200: html, 404: html, 410: html } },
      },
      async (req, reply) => {
        const ids = req.params as { uuid: string; projectId?: string };
        return send(reply, await viewer.render(req.auth!, ids, req.query.lang ?? req.headers['x-client-language']));
      },
    );
  view('/viewer/file/:uuid', 'getSharedContentView', 'View shared content as an HTML page', ViewerParams);
  view('/viewer/file/:projectId/:uuid', 'getSharedContentViewInProject', 'View shared content of a project as an HTML page', ViewerProjectParams);
};
