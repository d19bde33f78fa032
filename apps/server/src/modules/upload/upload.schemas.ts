import { Type } from 'typebox';
import { UuidSchema } from '../../shared/schemas.js';
import { FolderRef } from '../files/files.public.js';

export const UploadParams = Type.Object({ uuid: UuidSchema });

/** Header names as Node delivers them (lower case). Metadata is needed when an upload starts; later pieces may omit it. */
export const UploadHeaders = Type.Object({
  'content-length': Type.Optional(Type.String({ pattern: '^\\d{1,16}$' })),
  'content-range': Type.Optional(Type.String({ maxLength: 100 })),
  'content-type': Type.Optional(Type.String({ maxLength: 255 })),
  'x-object-meta-file-name': Type.Optional(Type.String({ maxLength: 4096 })),
  'x-object-meta-parent-uuid': Type.Optional(FolderRef),
  'x-object-meta-favourite': Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])),
  'x-meta-strategy': Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1')])),
  'x-object-meta-device-type': Type.Optional(Type.String({ pattern: '^[A-Za-z_]{1,16}$' })),
  // The capture date the browser read from the file (ISO-8601 or epoch ms); only a hint, so a bad value is ignored.
  'x-object-meta-taken-at': Type.Optional(Type.String({ maxLength: 64 })),
  // The browser's time zone (IANA name, or a UTC offset like +03:00): a photo without a capture date is on that local day.
  'x-object-meta-time-zone': Type.Optional(Type.String({ maxLength: 64 })),
});

export const UploadProgress = Type.Object(
  { uuid: Type.String(), receivedBytes: Type.Number(), totalBytes: Type.Number() },
  { $id: 'UploadProgress' },
);

export const BaseUrl = Type.Object({ value: Type.String() }, { $id: 'UploadBaseUrl' });
