import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { Binary, ErrorResponse, errorResponses } from '../../shared/schemas.js';
import { ProjectItemList, UuidList } from '../files/files.public.js';
import { contentDisposition } from './download.headers.js';
import { DownloadQuery, DownloadUrl, TokenParams } from './download.schemas.js';
import type { DownloadService } from './download.service.js';


const one = (h: string | string[] | undefined) => (Array.isArray(h) ? h[0] : h);

export const downloadRoutes: FastifyPluginAsyncTypebox<{ downloads: DownloadService }> = async (app, { downloads }) => {
  app.post(
    '/v2/files/_bulk/create-download-url',
    {
      config: {
        access: {
          permission: 'file.read',
          ids: [{ in: 'body', path: 'projectId', permission: 'project.read' }, { in: 'body', path: 'uuid' }],
        },
      },
      schema: {
        operationId: 'createDownloadUrls',
        summary: 'Get signed download URLs',
        tags: ['download'],
        body: ProjectItemList,
        response: { 200: Type.Array(DownloadUrl), ...errorResponses },
      },
    },
    async (req) => downloads.createUrls(req.auth!, req.body),
  );

  app.post(
    '/filesystem/downloadFilesAsZip',
    {
      config: { access: { permission: 'file.read', ids: [{ in: 'body', path: '' }] } },
      schema: {
        operationId: 'createZipDownload',
        summary: 'Prepare a zip of files and folders',
        tags: ['download'],
        body: UuidList,
        response: { 200: Type.String(), ...errorResponses, 413: ErrorResponse },
      },
    },
    async (req, reply) => reply.type('text/plain; charset=utf-8').send(await downloads.createZip(req.auth!, req.body)),
  );

  // Public: an <img>, a <video> or a plain link cannot send X-Auth-Token; the signed token is the credential.
  const fileRoute = {
    exposeHeadRoute: false,
    config: { public: true, signedUrl: true },
    schema: {
      operationId: 'downloadFile',
      summary: 'Download a file (signed URL)',
      tags: ['download'],
      params: TokenParams,
      querystring: DownloadQuery,
      response: {
        200: Binary('application/octet-stream', "The file's bytes under its own Content-Type (inline or as an attachment, as the URL says)."),
        206: Binary('application/octet-stream', 'The requested byte range (Range header).'),
        304: Type.Null({ description: 'Not modified (If-None-Match matched the ETag).' }),
        404: ErrorResponse,
        416: ErrorResponse,
        429: ErrorResponse,
      },
    },
  };
  const sendFile = async (req: FastifyRequest<{ Params: { '*': string } }>, reply: FastifyReply) => {
    const head = req.method === 'HEAD';
    const res = await downloads.open(req.params['*'], {
      range: one(req.headers.range),
      ifNoneMatch: one(req.headers['if-none-match']),
      ifRange: one(req.headers['if-range']),
      head,
    });
    reply.status(res.status).headers(res.headers);
    if (res.status === 416) return reply.send({ status: 'RANGE_NOT_SATISFIABLE', message: 'Requested range not satisfiable.' });
    if (res.stream) return reply.send(res.stream);
    return head || res.status === 304 ? reply.send() : reply.send(Buffer.alloc(0));
  };
  app.get('/download/*', fileRoute, sendFile);
  app.head('/download/*', { ...fileRoute, schema: { ...fileRoute.schema, operationId: 'downloadFileHead', summary: 'Check a file download (signed URL)' } }, sendFile);
  // The spec's client downloads a photo by POSTing to its URL and reading a blob. Whatever it sends (JSON, a form,
  // nothing) is read up to a small limit and ignored, in a scope of its own so other routes keep their parsers.
  await app.register(async (post) => {
    post.removeAllContentTypeParsers();
    post.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_req, _body, done) => done(null, undefined));
    post.post('/download/*', { ...fileRoute, schema: { ...fileRoute.schema, operationId: 'downloadFilePost', summary: 'Download a file by POST (signed URL)' } }, sendFile);
  });

  app.get(
    '/download/zip/*',
    {
      exposeHeadRoute: false,
      config: { public: true, signedUrl: true },
      schema: {
        operationId: 'downloadZip',
        summary: 'Download a zip (signed URL)',
        tags: ['download'],
        params: TokenParams,
        response: { 200: Binary('application/zip', 'The zip, streamed as it is made.'), 404: ErrorResponse, 413: ErrorResponse },
      },
    },
    async (req, reply) => {
      const { filename, stream } = await downloads.openZip(req.params['*']);
      return reply
        .type('application/zip')
        .header('content-disposition', contentDisposition('attachment', filename))
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(stream);
    },
  );
};
