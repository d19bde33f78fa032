import { Type, type Static } from 'typebox';
import { UuidSchema } from '../../shared/schemas.js';
import { FileItem, SortOrder } from '../files/files.public.js';

export const MAX_SHARE_ITEMS = 500;
export const MAX_INVITEES = 50;
export const MAX_INVITATION_MESSAGE = 500;
export const MAX_SHARE_PAGE_SIZE = 100;
export const DEFAULT_SHARE_PAGE_SIZE = 50;

export const ShareRole = Type.Union([Type.Literal('VIEWER'), Type.Literal('EDITOR')]);
export type ShareRoleValue = Static<typeof ShareRole>;
export const AclRole = Type.Union([Type.Literal('OWNER'), Type.Literal('VIEWER'), Type.Literal('EDITOR')]);
export const ShareDuration = Type.Union([Type.Literal('UNLIMITED'), Type.Literal('P1D'), Type.Literal('P7D'), Type.Literal('P30D')]);
export type ShareDurationValue = Static<typeof ShareDuration>;
/** USER: an invitee with an account (subjectId = account id); INVITATION: not signed up yet (subjectId = the share's id). */
export const SubjectType = Type.Union([Type.Literal('USER'), Type.Literal('INVITATION')]);
export type SubjectTypeValue = Static<typeof SubjectType>;

/** An e-mail address or an E.164 phone number; the service checks which and normalises it. */
const Invitee = Type.String({ minLength: 3, maxLength: 254 });

export const CreateSharesBody = Type.Object({
  items: Type.Array(UuidSchema, { minItems: 1, maxItems: MAX_SHARE_ITEMS }),
  invitees: Type.Array(Invitee, { minItems: 1, maxItems: MAX_INVITEES }),
  type: ShareRole,
  duration: ShareDuration,
  invitationMessage: Type.Optional(Type.String({ maxLength: MAX_INVITATION_MESSAGE })),
});
export type CreateSharesBodyValue = Static<typeof CreateSharesBody>;

export const ShareSummary = Type.Object(
  {
    /** The share's id: one item shared with one invitee. */
    uuid: Type.String(),
    itemUuid: Type.String(),
    itemName: Type.String(),
    folder: Type.Boolean(),
    subjectType: SubjectType,
    subjectId: Type.String(),
    /** The normalised e-mail address or phone number the invitation went to. */
    identifier: Type.String(),
    name: Type.Union([Type.String(), Type.Null()]),
    role: ShareRole,
    sharedDate: Type.String(),
    expirationDate: Type.Union([Type.String(), Type.Null()]),
  },
  { $id: 'ShareSummary' },
);
export type ShareSummaryDto = Static<typeof ShareSummary>;
export const CreateSharesResult = Type.Object({ shares: Type.Array(ShareSummary) });

export const ShareSortBy = Type.Union([
  Type.Literal('name'),
  Type.Literal('sharedDate'),
  Type.Literal('lastModifiedDate'),
  Type.Literal('size'),
]);
export const ListSharesQuery = Type.Object({
  /** Exactly one of sharedBy and sharedWith. */
  sharedBy: Type.Optional(Type.Literal('me')),
  sharedWith: Type.Optional(Type.Literal('me')),
  page: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_SHARE_PAGE_SIZE })),
  sortBy: Type.Optional(ShareSortBy),
  sortOrder: Type.Optional(SortOrder),
  objectType: Type.Optional(Type.Literal('FILE')),
  documentType: Type.Optional(
    Type.Union([Type.Literal('WORD'), Type.Literal('PDF'), Type.Literal('CELL'), Type.Literal('SLIDE')]),
  ),
});
export type ListSharesQueryValue = Static<typeof ListSharesQuery>;

export const ShareFacts = Type.Object({
  role: AclRole,
  ownerName: Type.String(),
  sharedDate: Type.String(),
  expirationDate: Type.Union([Type.String(), Type.Null()]),
  inviteeCount: Type.Integer(),
});
/** The files module's item (projectId = the owner's project) plus how it is shared. */
export const SharedFileItem = Type.Object({ ...FileItem.properties, share: ShareFacts }, { $id: 'SharedFileItem' });
export type SharedFileItemDto = Static<typeof SharedFileItem>;
export const SharedFilePage = Type.Object({ items: Type.Array(SharedFileItem), totalCount: Type.Integer() });

export const InviteeQuery = Type.Object({ size: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })) });
export const InviteeList = Type.Object({
  items: Type.Array(
    Type.Object({
      identifier: Type.String(),
      name: Type.Union([Type.String(), Type.Null()]),
      lastSharedDate: Type.String(),
    }),
  ),
});

export const AclParams = Type.Object({ projectId: Type.String({ minLength: 1, maxLength: 64 }), uuid: UuidSchema });
export const AclFilterQuery = Type.Object({
  subjectType: Type.Optional(SubjectType),
  subjectId: Type.Optional(UuidSchema),
});
export const DeleteAclQuery = Type.Object({ subjectType: SubjectType, subjectId: UuidSchema });
export const Acl = Type.Object({
  subjectType: SubjectType,
  subjectId: Type.String(),
  name: Type.Union([Type.String(), Type.Null()]),
  identifier: Type.String(),
  role: AclRole,
  expirationDate: Type.Union([Type.String(), Type.Null()]),
});
export type AclDto = Static<typeof Acl>;
export const AclList = Type.Object({ items: Type.Array(Acl) });

// --- the shared-content viewer
export const ViewerParams = Type.Object({ uuid: UuidSchema });
export const ViewerProjectParams = Type.Object({ projectId: Type.String({ minLength: 1, maxLength: 64 }), uuid: UuidSchema });
export const ViewerQuery = Type.Object({ lang: Type.Optional(Type.String({ maxLength: 8 })) });
export const ViewerHeaders = Type.Object({ 'x-client-language': Type.Optional(Type.String({ maxLength: 16 })) });
/** A complete HTML page (the item, or the error page). */
export const HtmlPage = Type.String({ description: 'text/html' });
