import { Type, type Static } from 'typebox';
import { UuidSchema } from '../../shared/schemas.js';
import { MAX_NAME_LENGTH } from '../../shared/names.js';

/** A person of the family library (issue 35): the family's own grouping and name, the same for every member. */
export const FamilyPerson = Type.Object(
  {
    personId: UuidSchema,
    /** The family's name for the person (any member may give it); null while unnamed. */
    label: Type.Union([Type.String(), Type.Null()]),
    /** The photo the face crop is from. */
    thumbnailUuid: Type.Union([UuidSchema, Type.Null()]),
    /** Signed URL of a square face crop (WebP, 256 px). */
    thumbnailUrl: Type.Union([Type.String(), Type.Null()]),
    /** Photos of the family library the person is on. */
    photoCount: Type.Integer(),
  },
  { $id: 'FamilyPerson' },
);
export type FamilyPersonDto = Static<typeof FamilyPerson>;

export const FamilyPersonPageQuery = Type.Object({
  pageSize: Type.Integer({ minimum: 1, maximum: 500, default: 100 }),
  pageNumber: Type.Integer({ minimum: 0, maximum: 100_000, default: 0 }),
});
export const FamilyPersonPage = Type.Object(
  { people: Type.Array(FamilyPerson), total: Type.Integer(), pageNumber: Type.Integer(), pageSize: Type.Integer() },
  { $id: 'FamilyPersonPage' },
);
export const FamilyPersonParams = Type.Object({ personId: UuidSchema });
export const FamilyLabelBody = Type.Object({ label: Type.String({ minLength: 1, maxLength: MAX_NAME_LENGTH * 2 }) }, { additionalProperties: false });
export const FamilyMergeBody = Type.Object({ into: UuidSchema }, { additionalProperties: false });
export const FamilyRejectBody = Type.Object({ uuids: Type.Array(UuidSchema, { minItems: 1, maxItems: 500 }) }, { additionalProperties: false });
export const FamilyRejectResult = Type.Object(
  {
    /** The person after the photos left it; null when it had no photo left and went. */
    person: Type.Union([FamilyPerson, Type.Null()]),
  },
  { $id: 'FamilyRejectResult' },
);
