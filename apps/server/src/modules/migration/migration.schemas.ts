import { Type, type Static } from 'typebox';

export const AuthorizeUrl = Type.Object(
  {
    url: Type.String({ description: 'Dropbox’s consent page (OAuth 2 code flow with PKCE, offline access): send the browser there.' }),
    state: Type.String({ description: 'Comes back with the code; send both to connect.' }),
  },
  { $id: 'DropboxAuthorizeUrl' },
);

/**
 * Either the code Dropbox sent back to the redirect (with its state; the server exchanges it) or the spec's tokens
 * that a client obtained itself.
 */
export const ConnectBody = Type.Object(
  {
    code: Type.Optional(Type.String({ minLength: 1, maxLength: 2048 })),
    state: Type.Optional(Type.String({ minLength: 1, maxLength: 256 })),
    accessToken: Type.Optional(Type.String({ minLength: 1, maxLength: 4096 })),
    refreshToken: Type.Optional(Type.String({ minLength: 1, maxLength: 4096 })),
  },
  { $id: 'DropboxConnectBody' },
);
export type ConnectBody = Static<typeof ConnectBody>;

export const StatusQuery = Type.Object({
  validateQuota: Type.Optional(Type.Boolean({ description: 'Walk the Dropbox now and answer 413 when what it would import does not fit the free space.' })),
});

const Failure = Type.Object({
  path: Type.String(),
  reason: Type.Union([
    Type.Literal('NAME_REFUSED'),
    Type.Literal('DELETED'),
    Type.Literal('QUOTA_EXCEEDED'),
    Type.Literal('CONTENT_MISMATCH'),
    Type.Literal('NOT_DOWNLOADABLE'),
  ]),
});

const Progress = Type.Object({
  status: Type.Union([Type.Literal('RUNNING'), Type.Literal('DONE'), Type.Literal('FAILED'), Type.Literal('CANCELLED')]),
  filesTotal: Type.Union([Type.Number(), Type.Null()], { description: 'Files to import; null until the job has walked the tree.' }),
  bytesTotal: Type.Union([Type.Number(), Type.Null()]),
  filesDone: Type.Number(),
  bytesDone: Type.Number(),
  filesUnchanged: Type.Number({ description: 'Already imported with the same content: not imported again.' }),
  filesFailed: Type.Number(),
  bytesPerSecond: Type.Number(),
  secondsLeft: Type.Union([Type.Number(), Type.Null()]),
  startedAt: Type.Number(),
  finishedAt: Type.Union([Type.Number(), Type.Null()]),
  failures: Type.Array(Failure),
});

export const MigrationStatus = Type.Object(
  {
    connected: Type.Boolean(),
    email: Type.Union([Type.String(), Type.Null()], { description: 'The Dropbox account’s e-mail address.' }),
    displayName: Type.Union([Type.String(), Type.Null()]),
    toImport: Type.Union([
      Type.Object({ files: Type.Number(), bytes: Type.Number(), freeBytes: Type.Number(), fitsQuota: Type.Boolean() }),
      Type.Null(),
    ]),
    import: Type.Union([Progress, Type.Null()]),
  },
  { $id: 'DropboxMigrationStatus' },
);
export type MigrationStatusDto = Static<typeof MigrationStatus>;

export const TakeoutStartBody = Type.Object(
  { uuid: Type.String({ format: 'uuid', description: 'The uploaded Google Takeout archive (.zip, .tgz or .tar.gz).' }) },
  { $id: 'TakeoutStartBody' },
);

export const TakeoutStatus = Type.Object(
  {
    import: Type.Union([
      Type.Object({
        id: Type.String(),
        fileId: Type.String(),
        status: Type.Union([Type.Literal('RUNNING'), Type.Literal('DONE'), Type.Literal('FAILED')]),
        mediaTotal: Type.Union([Type.Number(), Type.Null()], { description: 'Photos and videos in the archive; null until counted.' }),
        mediaDone: Type.Number(),
        imported: Type.Number(),
        skipped: Type.Number({ description: 'Already here from an earlier import: not imported again.' }),
        failed: Type.Number(),
        albums: Type.Number({ description: 'Albums created from the album folders.' }),
        startedAt: Type.Number(),
        finishedAt: Type.Union([Type.Number(), Type.Null()]),
        failures: Type.Array(
          Type.Object({
            path: Type.String(),
            reason: Type.Union([Type.Literal('QUOTA_EXCEEDED'), Type.Literal('NAME_REFUSED'), Type.Literal('UNREADABLE')]),
          }),
        ),
      }),
      Type.Null(),
    ]),
  },
  { $id: 'TakeoutStatus' },
);
export type TakeoutStatusDto = Static<typeof TakeoutStatus>;
