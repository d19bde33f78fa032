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
  // Issue 35, "Add to Family library": the finished photo or video lands in the uploader's family library. Only a
  // current family member may send true (else 404 "You are not in a family."), only for photos and videos (else 400).
  'x-object-meta-family-library': Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])),
});

export const UploadProgress = Type.Object(
  { uuid: Type.String(), receivedBytes: Type.Number(), totalBytes: Type.Number() },
  { $id: 'UploadProgress' },
);

export const BaseUrl = Type.Object({ value: Type.String() }, { $id: 'UploadBaseUrl' });

// Issue 35: uploads that skip what the account already holds. Additions only: the PUT/HEAD/DELETE calls are unchanged.
const Sha256 = Type.String({ minLength: 64, maxLength: 64, pattern: '^[0-9a-f]{64}$', description: 'Lower-case hex SHA-256.' });
/** Up to 50 GiB in 8 MiB pieces. */
const MAX_PIECES = 6400;
const Bytes = Type.Integer({ minimum: 1, maximum: 50 * 1024 ** 3 });
const Offset = Type.Integer({ minimum: 0, maximum: 50 * 1024 ** 3 });

export const HeldContentQuery = Type.Object(
  {
    bytes: Bytes,
    sha256: Sha256,
    /** SHA-256 of each 8 MiB piece from the start (the last may be shorter). */
    pieces: Type.Array(Sha256, { maxItems: MAX_PIECES }),
  },
  { $id: 'HeldContentQuery' },
);

export const HeldContent = Type.Object(
  {
    /** The account holds a file with exactly these bytes: uploadKnownFile completes the upload at once. */
    file: Type.Boolean(),
    pieceBytes: Type.Integer(),
    /** Per piece: the account holds it, so uploadKnownPiece stands in for sending it. */
    pieces: Type.Array(Type.Boolean()),
  },
  { $id: 'HeldContent' },
);

/** The metadata headers of an upload (as the PUT takes them); the file's own type goes in the body. */
export const KnownUploadHeaders = Type.Omit(UploadHeaders, ['content-length', 'content-range', 'content-type']);

export const KnownFile = Type.Object(
  { bytes: Bytes, sha256: Sha256, contentType: Type.Optional(Type.String({ maxLength: 255 })) },
  { $id: 'KnownFile' },
);

export const KnownPiece = Type.Object(
  {
    /** The piece's first and last byte (inclusive) and the file's size, as Content-Range would say. */
    start: Offset,
    end: Offset,
    total: Bytes,
    sha256: Sha256,
    contentType: Type.Optional(Type.String({ maxLength: 255 })),
  },
  { $id: 'KnownPiece' },
);

/** At most this many pieces per uploadKnownPieces call (2 GiB of 8 MiB pieces): a bigger run takes more calls. */
export const MAX_KNOWN_PIECES = 256;

export const KnownPieces = Type.Object(
  {
    /** The file's size, as Content-Range would say. */
    total: Bytes,
    /**
     * Consecutive pieces from the upload's offset: each starts right after the one before; first and last byte inclusive.
     */
    pieces: Type.Array(Type.Object({ start: Offset, end: Offset, sha256: Sha256 }), { minItems: 1, maxItems: MAX_KNOWN_PIECES }),
    contentType: Type.Optional(Type.String({ maxLength: 255 })),
  },
  { $id: 'KnownPieces' },
);
