import type {
  FastifyPluginAsyncTypebox,
  TypeBoxTypeProvider,
} from "@fastify/type-provider-typebox";
import type { Readable } from "node:stream";
import { Type } from "typebox";
import { errorResponses } from "../../shared/schemas.js";
import {
  ContactCardResponse,
  ContactPage,
  ContactParams,
  ContactSearchPage,
  Deleted,
  ExportQuery,
  ImportResult,
  PageQuery,
  SearchQuery,
  VersionList,
  VersionParams,
  VersionResponse,
} from "./contacts.schemas.js";
import type { ContactsService } from "./contacts.service.js";

/** A .vcf of a large address book with photos; bigger files are split by the exporter or are not address books. */
export const IMPORT_MAX_BYTES = 32 * 1024 * 1024;

const tags = ["contacts"];
const VCardText = Type.Unsafe<Readable>({
  type: "string",
  description: "text/vcard",
});
const self = { access: { permission: "self" } } as const;
const readVersion = {
  access: { permission: "contacts.read", ids: [{ in: "params", path: "id" }] },
} as const;
const writeVersion = {
  access: { permission: "contacts.write", ids: [{ in: "params", path: "id" }] },
} as const;

/**
 * The contacts service (spec 001 §7), on its own base path /api/contacts with the lowercase x-auth-token header (the
 * same session as every call). `backup_version/{id}` and `search` are the spec's; the rest are what the screens need.
 */
export const contactsRoutes: FastifyPluginAsyncTypebox<{
  service: ContactsService;
}> = async (app, { service }) => {
  app.get(
    "/contacts/backup_version",
    {
      config: self,
      schema: {
        operationId: "listContactVersions",
        summary: 'List contacts backups',
        tags,
        response: { 200: VersionList, ...errorResponses },
      },
    },
    async (req) => ({ data: { items: await service.listVersions(req.auth!) } }),
  );

  app.get(
    "/contacts/backup_version/:id",
    {
      config: readVersion,
      schema: {
        operationId: "getContactVersion",
        summary: "List a backup's contacts",
        tags,
        params: VersionParams,
        querystring: PageQuery,
        response: { 200: ContactPage, ...errorResponses },
      },
    },
    async (req) => ({
      data: await service.page(req.auth!, req.params.id, req.query),
    }),
  );

  app.get(
    "/contacts/search",
    {
      config: {
        access: {
          permission: "contacts.read",
          ids: [{ in: "query", path: "versionId" }],
        },
      },
      schema: {
        operationId: "searchContacts",
        summary: 'Search contacts',
        tags,
        querystring: SearchQuery,
        response: { 200: ContactSearchPage, ...errorResponses },
      },
    },
    async (req) => ({ data: await service.search(req.auth!, req.query) }),
  );

  app.get(
    "/contacts/backup_version/:id/contact/:contactId",
    {
      config: {
        access: {
          permission: "contacts.read",
          ids: [
            { in: "params", path: "id" },
            { in: "params", path: "contactId", permission: "contact.read" },
          ],
        },
      },
      schema: {
        operationId: "getContact",
        summary: 'Get a contact of a backup',
        tags,
        params: ContactParams,
        response: { 200: ContactCardResponse, ...errorResponses },
      },
    },
    async (req) => ({
      data: await service.contact(
        req.auth!,
        req.params.id,
        req.params.contactId,
      ),
    }),
  );

  app.get(
    "/contacts/backup_version/:id/export",
    {
      config: readVersion,
      schema: {
        operationId: "exportContactVersion",
        summary: 'Export a backup as a vCard file',
        tags,
        params: VersionParams,
        querystring: ExportQuery,
        response: { 200: VCardText, ...errorResponses },
      },
    },
    async (req, reply) => {
      const { stream, createdAt } = await service.export(
        req.auth!,
        req.params.id,
        req.query.version ?? "3.0",
      );
      const day = new Date(createdAt).toISOString().slice(0, 10);
      return reply
        .type("text/vcard; charset=utf-8")
        .header(
          "content-disposition",
          `attachment; filename="contacts-${day}.vcf"`,
        )
        .header("cache-control", "no-store")
        .send(stream);
    },
  );

  app.post(
    "/contacts/backup_version/:id/restore",
    {
      config: writeVersion,
      schema: {
        operationId: "restoreContactVersion",
        summary: 'Restore a backup as the newest',
        tags,
        params: VersionParams,
        response: { 200: VersionResponse, ...errorResponses },
      },
    },
    async (req) => ({ data: await service.restore(req.auth!, req.params.id) }),
  );

  app.delete(
    "/contacts/backup_version/:id",
    {
      config: writeVersion,
      schema: {
        operationId: "deleteContactVersion",
        summary: 'Delete a contacts backup',
        tags,
        params: VersionParams,
        response: { 200: Deleted, ...errorResponses },
      },
    },
    async (req) => ({
      data: await service.deleteVersion(req.auth!, req.params.id),
    }),
  );

  await app.register(async (scope) => {
    const upload = scope.withTypeProvider<TypeBoxTypeProvider>();
    // The bytes are read as they are: the parser decodes each value by its own CHARSET (UTF-8, Windows-1254…).
    upload.removeAllContentTypeParsers();
    upload.addContentTypeParser(
      "*",
      { parseAs: "buffer", bodyLimit: IMPORT_MAX_BYTES },
      (_req, body, done) => done(null, body),
    );
    upload.post(
      "/contacts/backup_version/import",
      {
        config: self,
        bodyLimit: IMPORT_MAX_BYTES,
        schema: {
          operationId: "importContacts",
          summary: 'Import a vCard file as a backup',
          tags,
          binaryBody: { mediaTypes: ['text/vcard'], description: 'A .vcf file (vCard 2.1, 3.0 or 4.0; any charset).' },
          response: { 200: ImportResult, ...errorResponses },
        },
      },
      async (req) => ({
        data: await service.importVCards(
          req.auth!,
          Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
        ),
      }),
    );
  });
};
