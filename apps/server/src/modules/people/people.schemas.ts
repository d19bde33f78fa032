import { Type, type Static } from 'typebox';
import { UuidSchema } from '../../shared/schemas.js';
import { MAX_NAME_LENGTH } from '../../shared/names.js';

const Status = Type.Union([Type.Literal('ACTIVE'), Type.Literal('HIDDEN'), Type.Literal('TRASHED')]);

export const Person = Type.Object({
  personId: UuidSchema,
  label: Type.Union([Type.String(), Type.Null()]),
  /** The photo the face crop is from. */
  thumbnailUuid: Type.Union([UuidSchema, Type.Null()]),
  /** Signed URL of a square face crop (WebP, 256 px). */
  thumbnailUrl: Type.Union([Type.String(), Type.Null()]),
  photoCount: Type.Integer(),
  status: Status,
});
export type PersonDto = Static<typeof Person>;

export const PersonPageQuery = Type.Object({
  pageSize: Type.Integer({ minimum: 1, maximum: 500, default: 100 }),
  pageNumber: Type.Integer({ minimum: 0, maximum: 100_000, default: 0 }),
  status: Type.Union([Status], { default: 'ACTIVE' }),
});
export const PersonPage = Type.Object({ people: Type.Array(Person), total: Type.Integer(), pageNumber: Type.Integer(), pageSize: Type.Integer() });

export const PersonIdParams = Type.Object({ personId: UuidSchema });
export const IdParams = Type.Object({ id: UuidSchema });
export const PhotoParams = Type.Object({ uuid: UuidSchema });

const Label = Type.String({ minLength: 1, maxLength: MAX_NAME_LENGTH * 2 });
export const LabelBody = Type.Object({ label: Label });
export const UpdatePersonBody = Type.Object(
  { label: Type.Optional(Label), hidden: Type.Optional(Type.Boolean()), mergeInto: Type.Optional(UuidSchema) },
  { additionalProperties: false },
);
export const ThumbnailBody = Type.Object({ uuid: UuidSchema });
export const PersonIdList = Type.Array(UuidSchema, { minItems: 1, maxItems: 500 });
export const VisibilityBody = Type.Object({
  hidden: Type.Array(UuidSchema, { maxItems: 500 }),
  visible: Type.Array(UuidSchema, { maxItems: 500 }),
});

const Box = Type.Object({ x: Type.Number(), y: Type.Number(), width: Type.Number(), height: Type.Number() });
export const PeopleInPhoto = Type.Object({
  people: Type.Array(
    Type.Object({ personId: UuidSchema, label: Type.Union([Type.String(), Type.Null()]), thumbnailUrl: Type.Union([Type.String(), Type.Null()]), box: Box }),
  ),
});

export const Recognition = Type.Object({ premium: Type.Boolean(), enabled: Type.Boolean(), done: Type.Integer(), total: Type.Integer() });
export const RecognitionBody = Type.Object({ enabled: Type.Boolean() });
