import { Type, type Static } from 'typebox';

const Part = Type.Object({
  number: Type.Number(),
  bytes: Type.Number(),
  name: Type.String({ description: 'The file name the browser saves the part under.' }),
  url: Type.String({ description: 'Signed link (HMAC), valid until expiresAt; the token is the credential.' }),
});

export const DataExport = Type.Object(
  {
    id: Type.String(),
    status: Type.Union([Type.Literal('RUNNING'), Type.Literal('READY'), Type.Literal('FAILED'), Type.Literal('EXPIRED')]),
    filesTotal: Type.Union([Type.Number(), Type.Null()], { description: 'Null until the job has counted the files.' }),
    bytesTotal: Type.Union([Type.Number(), Type.Null()]),
    filesDone: Type.Number(),
    bytesDone: Type.Number(),
    partsDone: Type.Number(),
    createdAt: Type.Number(),
    finishedAt: Type.Union([Type.Number(), Type.Null()]),
    expiresAt: Type.Union([Type.Number(), Type.Null()], { description: 'When the links stop working (7 days after it was ready).' }),
    parts: Type.Array(Part, { description: 'The zip parts (each at most the part limit, 4 GB by default); empty unless READY.' }),
  },
  { $id: 'DataExport' },
);
export type DataExportDto = Static<typeof DataExport>;

export const DataExportStatus = Type.Object({ export: Type.Union([DataExport, Type.Null()]) }, { $id: 'DataExportStatus' });
