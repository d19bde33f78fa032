import { Type, type Static } from 'typebox';
import { UuidSchema } from '../../shared/schemas.js';
import { FolderRef } from '../files/files.public.js';

export const CreateOfficeFileBody = Type.Object(
  {
    /** The spec's document types that can be created blank: WORD (.docx), CELL (.xlsx), SLIDE (.pptx). */
    documentType: Type.Union([Type.Literal('WORD'), Type.Literal('CELL'), Type.Literal('SLIDE')]),
    /** The folder to create it in; empty or absent for the top folder. */
    parentFolderUuid: Type.Optional(FolderRef),
    /** The file's name (the extension is added when missing); a taken name gets a number. */
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  },
  { $id: 'CreateOfficeFileBody', additionalProperties: false },
);
export type CreateOfficeFileBodyValue = Static<typeof CreateOfficeFileBody>;

export const OfficeFileParams = Type.Object({ id: UuidSchema });
/**
 * The spec's POST office/files/{projectId}: named `id` here because GET office/files/{id} has the same shape (one
 * template per path in the API reference); it is the project's id.
 */
export const OfficeProjectParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64, description: 'The project (the account whose folder it is).' }) });
export const OfficeProjectFileParams = Type.Object({ projectId: Type.String({ minLength: 1, maxLength: 64 }), uuid: UuidSchema });

export const OfficeOpenConfig = Type.Object(
  {
    uuid: Type.String(),
    projectId: Type.String(),
    name: Type.String(),
    contentType: Type.String(),
    bytes: Type.Number(),
    /** Changes with every save. */
    version: Type.String(),
    documentType: Type.Union([Type.Literal('WORD'), Type.Literal('PDF'), Type.Literal('CELL'), Type.Literal('SLIDE'), Type.Null()]),
    /** The spec's editor document kind: 0 notSet, 1 doc, 2 cell, 3 slide. */
    documentKind: Type.Integer({ minimum: 0, maximum: 3 }),
    /** edit: owner and editors of a share; view: viewers, and everyone else while one person edits in the embedded editor. */
    mode: Type.Union([Type.Literal('edit'), Type.Literal('view')]),
    /** The name of the person editing, when that made this opening read-only. */
    lockedBy: Type.Union([Type.String(), Type.Null()]),
    /** embedded: the built-in editor; wopi: the frame URL of the configured Collabora Online / ONLYOFFICE server. */
    editor: Type.Object({ kind: Type.Union([Type.Literal('embedded'), Type.Literal('wopi')]), url: Type.Union([Type.String(), Type.Null()]) }),
    /** Scoped to this file and caller; send it as ?access_token= to the WOPI host. */
    accessToken: Type.String(),
    /** Epoch ms the token stops working. */
    accessTokenTtl: Type.Number(),
    /** The file on the WOPI host: GET it for CheckFileInfo, GET /contents for the bytes. */
    wopiSrc: Type.String(),
    previewUrl: Type.Union([Type.String(), Type.Null()]),
    thumbnailUrl: Type.Union([Type.String(), Type.Null()]),
  },
  { $id: 'OfficeOpenConfig' },
);

// --- the WOPI host

export const WopiParams = Type.Object({ id: UuidSchema });
export const WopiQuery = Type.Object({ access_token: Type.Optional(Type.String({ maxLength: 200 })), access_token_ttl: Type.Optional(Type.String()) });
export const WopiHeaders = Type.Object({
  'x-wopi-override': Type.Optional(Type.String({ maxLength: 40 })),
  'x-wopi-lock': Type.Optional(Type.String({ maxLength: 1024 })),
  'x-wopi-oldlock': Type.Optional(Type.String({ maxLength: 1024 })),
  'x-wopi-suggestedtarget': Type.Optional(Type.String({ maxLength: 2000 })),
  'x-wopi-relativetarget': Type.Optional(Type.String({ maxLength: 2000 })),
  'x-wopi-overwriterelativetarget': Type.Optional(Type.String({ maxLength: 10 })),
  'x-wopi-requestedname': Type.Optional(Type.String({ maxLength: 2000 })),
});
export type WopiHeadersValue = Static<typeof WopiHeaders>;

/** CheckFileInfo: the properties of Microsoft's WOPI protocol this host supports. */
export const CheckFileInfo = Type.Object(
  {
    BaseFileName: Type.String(),
    OwnerId: Type.String(),
    Size: Type.Number(),
    UserId: Type.String(),
    UserFriendlyName: Type.String(),
    Version: Type.String(),
    LastModifiedTime: Type.String(),
    SHA256: Type.Optional(Type.String()),
    ReadOnly: Type.Boolean(),
    UserCanWrite: Type.Boolean(),
    UserCanRename: Type.Boolean(),
    UserCanNotWriteRelative: Type.Boolean(),
    SupportsLocks: Type.Boolean(),
    SupportsGetLock: Type.Boolean(),
    SupportsExtendedLockLength: Type.Boolean(),
    SupportsUpdate: Type.Boolean(),
    SupportsRename: Type.Boolean(),
    SupportsDeleteFile: Type.Boolean(),
  },
  { $id: 'WopiCheckFileInfo' },
);

/** What PutRelativeFile and RenameFile answer (RenameFile: Name only). */
export const WopiFileResult = Type.Object({ Name: Type.String(), Url: Type.Optional(Type.String()) }, { $id: 'WopiFileResult' });
