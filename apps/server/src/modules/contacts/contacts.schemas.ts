import { Type, type Static, type TLiteral } from 'typebox';
import { UuidSchema } from '../../shared/schemas.js';
import type { Card } from './contacts.card.js';
import type { Language } from '../../shared/schemas.js';
import { typeLabel } from './contacts.messages.js';
import type { ContactEntry, ContactVersion } from './contacts.table.js';
import type { ProblemReason } from './contacts.vcard-parse.js';

/** The spec's page size; a client may ask for fewer, never more. */
export const CONTACTS_PAGE_SIZE = 100;
/** The spec's minimum search length. */
export const SEARCH_MIN_LENGTH = 2;

export const VersionParams = Type.Object({ id: UuidSchema });
export const ContactParams = Type.Object({ id: UuidSchema, contactId: UuidSchema });

const Paging = {
  // The spec sends sortField=firstname and sortOrder=ASC; only the first name is a sort field.
  sortField: Type.Optional(Type.Literal('firstname')),
  sortOrder: Type.Optional(Type.Union([Type.Literal('ASC'), Type.Literal('DESC')])),
  /** 1-based, as the screen counts its pages. */
  currentPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  maxResult: Type.Optional(Type.Integer({ minimum: 1, maximum: CONTACTS_PAGE_SIZE })),
};
export const PageQuery = Type.Object(Paging);
export type PageQuery = Static<typeof PageQuery>;

export const SearchQuery = Type.Object({
  query: Type.String({ maxLength: 200 }),
  /** The version being viewed; the current version when absent. */
  versionId: Type.Optional(UuidSchema),
  ...Paging,
});
export type SearchQuery = Static<typeof SearchQuery>;

export const ExportQuery = Type.Object({ version: Type.Optional(Type.Union([Type.Literal('3.0'), Type.Literal('4.0')])) });

const VersionSource = Type.Union([Type.Literal('IMPORT'), Type.Literal('SYNC'), Type.Literal('RESTORE')]);
export const VersionItem = Type.Object(
  {
    id: Type.String(),
    /** When the backup was made, ms since the epoch. */
    createdAt: Type.Number(),
    count: Type.Integer(),
    source: VersionSource,
    /** The newest version: the address book a phone syncs. */
    current: Type.Boolean(),
  },
  { $id: 'ContactVersion' },
);
export type VersionItem = Static<typeof VersionItem>;
export const VersionList = Type.Object({ data: Type.Object({ items: Type.Array(VersionItem) }) });

export const ContactItem = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    firstname: Type.String(),
    lastname: Type.String(),
    phones: Type.Array(Type.String()),
    emails: Type.Array(Type.String()),
  },
  { $id: 'ContactItem' },
);
export const ContactPage = Type.Object({ data: Type.Object({ items: Type.Array(ContactItem) }) });
export const ContactSearchPage = Type.Object({ data: Type.Object({ items: Type.Array(ContactItem), totalCount: Type.Integer() }) });

/** A typed value; `label` names its type in the account's language (empty when no type says anything to a person). */
const Typed = Type.Object({ types: Type.Array(Type.String()), label: Type.String(), value: Type.String() });
export const ContactCard = Type.Object(
  {
    id: Type.String(),
    etag: Type.String(),
    name: Type.String(),
    firstname: Type.String(),
    lastname: Type.String(),
    nickname: Type.String(),
    phones: Type.Array(Typed),
    emails: Type.Array(Typed),
    urls: Type.Array(Typed),
    addresses: Type.Array(
      Type.Object({
        types: Type.Array(Type.String()),
        label: Type.String(),
        poBox: Type.String(),
        extended: Type.String(),
        street: Type.String(),
        locality: Type.String(),
        region: Type.String(),
        postalCode: Type.String(),
        country: Type.String(),
      }),
    ),
    organization: Type.String(),
    title: Type.String(),
    birthday: Type.String(),
    note: Type.String(),
    /** An embedded photo as a data: URL; photos that point elsewhere are not fetched for the viewer (no tracking). */
    photo: Type.Union([Type.String(), Type.Null()]),
  },
  { $id: 'ContactCard' },
);
export const ContactCardResponse = Type.Object({ data: ContactCard });

const Problem = Type.Object({
  line: Type.Integer(),
  /** What the web shows in its own words. */
  reason: Type.Union(
    (['NO_VALUE', 'BAD_NAME', 'NO_END', 'NO_BEGIN', 'OUTSIDE', 'EMPTY', 'TOO_LONG', 'PHOTO_TOO_LARGE', 'PHOTO_INVALID'] as const).map((r) => Type.Literal(r)) as [
      TLiteral<ProblemReason>,
    ],
  ),
  /** The same in the account's language, for API clients. */
  message: Type.String(),
});
export const ImportResult = Type.Object({
  data: Type.Object({
    version: VersionItem,
    /** Cards that became new contacts. */
    added: Type.Integer(),
    /** Cards that matched a contact already there (same UID, or same name with a shared phone or e-mail) and completed it. */
    merged: Type.Integer(),
    /** Cards left out, each with its line. */
    skipped: Type.Array(Problem),
    /** Cards kept with something left out (an oversized photo). */
    warnings: Type.Array(Problem),
  }),
});
export const VersionResponse = Type.Object({ data: VersionItem });
export const Deleted = Type.Object({ data: Type.Object({ id: Type.String() }) });

export const toVersionItem = (v: ContactVersion, currentId: string | undefined): VersionItem => ({
  id: v.id,
  createdAt: Number(v.created_at),
  count: Number(v.contact_count),
  source: v.source,
  current: v.id === currentId,
});

export const toContactItem = (c: Pick<ContactEntry, 'contact_id' | 'display_name' | 'first_name' | 'last_name' | 'phones_json' | 'emails_json'>) => ({
  id: c.contact_id,
  name: c.display_name,
  firstname: c.first_name,
  lastname: c.last_name,
  phones: JSON.parse(c.phones_json) as string[],
  emails: JSON.parse(c.emails_json) as string[],
});

/** Typed values with their types' label in the account's language ("Cep", "Mobile"…); the vCard types stay as they are. */
const labelled = <T extends { types: string[] }>(values: T[], lang: Language) => values.map((v) => ({ ...v, label: typeLabel(lang, v.types) }));

export function toContactCard(c: ContactEntry, card: Card, lang: Language): Static<typeof ContactCard> {
  return {
    id: c.contact_id,
    etag: c.etag,
    name: c.display_name,
    firstname: c.first_name,
    lastname: c.last_name,
    nickname: card.nickname,
    phones: labelled(card.phones, lang),
    emails: labelled(card.emails, lang),
    urls: labelled(card.urls, lang),
    addresses: labelled(card.addresses, lang),
    organization: card.org.filter(Boolean).join(', '),
    title: card.title,
    birthday: card.birthday,
    note: card.note,
    photo: card.photo && 'data' in card.photo ? `data:${card.photo.mediaType};base64,${card.photo.data}` : null,
  };
}
