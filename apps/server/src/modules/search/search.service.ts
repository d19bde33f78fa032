import type { Expression, Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import type { FullTextGroup } from '../../infra/db/dialect.js';
import type { Dialect } from '../../infra/db/database.js';
import type { AuthContext } from '../../shared/auth-context.js';
import type { Language } from '../../shared/schemas.js';
import { getMany as getFiles, toFileItem, type DerivativeLinks, type FileRow } from '../files/files.public.js';
import type { AlbumDto, AlbumsService, StreamContentType } from '../albums/albums.public.js';
import {
  ENTITY_KINDS,
  foldWords,
  monthsStartingWith,
  monthWord,
  SEARCH_KINDS,
  type EntityKind,
  type SearchSubjectKind,
} from '../search-index/search-index.public.js';
import * as repo from './search.repository.js';
import {
  SEARCH_PAGE_SIZE,
  SUGGEST_SIZE,
  type KindCountsDto,
  type MatchedField,
  type SearchHitDto,
  type SearchResultDto,
  type SuggestionDto,
  type SuggestQueryValue,
  type SuggestResultDto,
  type UnifiedQueryValue,
} from './search.schemas.js';

type Auth = Pick<AuthContext, 'accountId' | 'projectId'>;

export interface SearchServiceDeps {
  db: Kysely<DB>;
  dialect: Dialect;
  links: DerivativeLinks | null;
  albums: Pick<AlbumsService, 'itemsByIds' | 'streamItemsByIds' | 'streams'>;
}

/** The album stream a person, place or thing shows in (its module registers the stream's provider). */
const STREAM_OF: Record<EntityKind, StreamContentType> = { person: 'album/person', place: 'album/location', thing: 'album/object' };
const SUGGESTION_OF: Record<EntityKind, SuggestionDto['kind']> = { person: 'PERSON', place: 'PLACE', thing: 'THING' };
const isEntity = (kind: SearchSubjectKind): kind is EntityKind => (ENTITY_KINDS as readonly string[]).includes(kind);

/** Month and camera suggestions each take at most this many places; names fill the rest. */
const EXTRA_SUGGESTIONS = 2;

/** A query, folded: the whole text and its words, each word a prefix that also stands for the months it begins. */
export function parse(text: string) {
  const words = foldWords(text);
  const groups: FullTextGroup[] = words.map((w) => ({ prefix: w, exact: monthsStartingWith(w).map((m) => monthWord(m.month)) }));
  return { text: words.join(' '), words, groups };
}

const startsAWord = (folded: string, words: readonly string[]) => words.some((w) => ` ${folded}`.includes(` ${w}`));

export class SearchService {
  constructor(private readonly deps: SearchServiceDeps) {}

  /** `language`: the reader's, for the names of places among the hits. */
  async unified(auth: Auth, q: UnifiedQueryValue, language?: Language): Promise<SearchResultDto> {
    const counts = Object.fromEntries(SEARCH_KINDS.map((k) => [k, 0])) as KindCountsDto;
    const query = parse(q.text);
    if (query.words.length === 0) return { items: [], totalCount: 0, counts, countLimit: repo.COUNT_LIMIT };
    const { db, dialect } = this.deps;
    const scope = await repo.searchScope(db, auth);
    const size = q.size ?? SEARCH_PAGE_SIZE;
    const order = q.sortBy ?? 'relevance';
    const reader = new repo.HitReader(
      db,
      {
        dialect,
        groups: query.groups,
        owner: auth.accountId,
        shared: scope.sharers.length > 0,
        showHidden: q.showHidden ?? false,
        showTrashed: q.showTrashed ?? false,
        kind: q.kind,
        documentType: q.kind === undefined || q.kind === 'DOCUMENT' ? q.documentType : undefined,
        shown: this.shownEntities(),
      },
      query.text,
    );
    const direction = (q.sortOrder ?? (order === 'name' ? 'ASC' : 'DESC')) === 'ASC' ? 'asc' : 'desc';
    const page = await reader.page(order, direction, (q.page ?? 0) * size, size);
    // The chips count every kind for the same text, whatever kind the page shows; each count stops at the limit.
    let totalCount = 0;
    for (const c of await reader.counts()) {
      if (c.documentType === null) counts[c.kind] = c.n;
      if (q.documentType !== undefined && (q.kind === undefined || q.kind === 'DOCUMENT')) {
        if (c.documentType === q.documentType) totalCount = c.n;
      } else if (c.documentType === null && (q.kind === undefined || c.kind === q.kind)) totalCount += c.n;
    }
    return { items: await this.present(scope, page, query.words, language), totalCount, counts, countLimit: repo.COUNT_LIMIT };
  }

  async suggest(auth: Auth, q: SuggestQueryValue, language?: Language): Promise<SuggestResultDto> {
    const query = parse(q.text);
    if (query.words.length === 0) return { items: [] };
    const { db, dialect } = this.deps;
    const size = q.size ?? SUGGEST_SIZE;
    const scope = await repo.searchScope(db, auth);
    const owner = auth.accountId;
    const extras: SuggestionDto[] = [];

    // "mart", "march 2024", "2024 мар": a word that begins month names, with an optional year among the others.
    const monthWordAt = query.words.findIndex((w) => monthsStartingWith(w).length > 0 && !/^\d+$/.test(w));
    if (monthWordAt >= 0) {
      const names = monthsStartingWith(query.words[monthWordAt]!);
      const rest = query.words.filter((_, i) => i !== monthWordAt);
      const year = rest.length === 1 && /^\d{4}$/.test(rest[0]!) ? Number(rest[0]) : null;
      if (rest.length === 0 || year !== null) {
        const found = await repo.monthsWithPhotos(db, owner, names.map((m) => m.month), year, EXTRA_SUGGESTIONS);
        for (const ym of found) {
          const name = names.find((m) => m.month === ym % 100)!;
          // Shown in the language whose month name was typed, as the display form that language uses.
          extras.push({ text: `${capitalise(name.display)} ${Math.floor(ym / 100)}`, kind: 'MONTH', uuid: null });
        }
      }
    }
    for (const camera of await repo.cameraSuggestions(db, owner, query.words, EXTRA_SUGGESTIONS)) {
      extras.push({ text: camera, kind: 'CAMERA', uuid: null });
    }
    // Names only (the first two ranks) of live, visible items: a month word is no name.
    const reader = new repo.HitReader(
      db,
      {
        dialect,
        groups: query.groups.map((g) => ({ prefix: g.prefix, exact: [] })),
        owner,
        shared: scope.sharers.length > 0,
        showHidden: false,
        showTrashed: false,
        shown: this.shownEntities(),
      },
      query.text,
    );
    const hits = await reader.page('relevance', 'desc', 0, Math.max(size - extras.length, 0), { live: true, namesOnly: true });
    const names = await repo.subjectNames(
      db,
      hits.filter((h) => h.subject_kind === 'file').map((h) => h.subject_id),
      hits.filter((h) => h.subject_kind === 'album').map((h) => h.subject_id),
    );
    // A person's, place's or thing's display name comes from its module, as its album item does.
    for (const a of (await this.entityAlbums(owner, hits, language)).values()) names.set(a.uuid, a.label);
    const items: SuggestionDto[] = hits.flatMap((h) => {
      const text = names.get(h.subject_id);
      if (text === undefined) return [];
      const kind = isEntity(h.subject_kind) ? SUGGESTION_OF[h.subject_kind] : h.kind === 'ALBUM' ? 'ALBUM' : h.kind === 'FOLDER' ? 'FOLDER' : 'NAME';
      return [{ text, kind, uuid: h.subject_id }];
    });
    return { items: [...items, ...extras].slice(0, size) };
  }

  /** Each entity kind's condition for being shown, from the provider of its stream (registered after this was built). */
  private shownEntities() {
    return repo.shownEntities(
      ENTITY_KINDS.flatMap((kind) => {
        const provider = this.deps.albums.streams.get(STREAM_OF[kind]);
        return provider?.shown ? [{ kind, shown: (id: Expression<unknown>) => provider.shown!(id) }] : [];
      }),
    );
  }

  /** The album items of the hits that are people, places or things (only the caller's own are indexed for them). */
  private async entityAlbums(accountId: string, hits: readonly repo.HitRow[], language: Language | undefined): Promise<Map<string, AlbumDto>> {
    const out = new Map<string, AlbumDto>();
    for (const kind of ENTITY_KINDS) {
      const ids = hits.filter((h) => h.subject_kind === kind).map((h) => h.subject_id);
      for (const a of await this.deps.albums.streamItemsByIds(accountId, STREAM_OF[kind], ids, language)) out.set(a.uuid, a);
    }
    return out;
  }

  /** The page's hits in order, as file and album items; a subject deleted since the query is left out. */
  private async present(
    scope: repo.SearchScope,
    page: readonly repo.HitRow[],
    words: readonly string[],
    language: Language | undefined,
  ): Promise<SearchHitDto[]> {
    const { db, links } = this.deps;
    const fileIds = page.filter((h) => h.subject_kind === 'file').map((h) => h.subject_id);
    const files = new Map<string, { row: FileRow; projectId: string }>();
    // Own files first; a shared file carries its owner's project id so the web opens it there.
    for (const owner of [scope.own, ...scope.sharers]) {
      if (files.size === fileIds.length) break;
      for (const row of await getFiles(db, owner.accountId, fileIds)) files.set(row.id, { row, projectId: owner.projectId });
    }
    const albumIds = page.filter((h) => h.subject_kind === 'album').map((h) => h.subject_id);
    const albums = await this.entityAlbums(scope.own.accountId, page, language);
    for (const a of await this.deps.albums.itemsByIds(scope.own.accountId, albumIds)) albums.set(a.uuid, a);
    return page.flatMap((h): SearchHitDto[] => {
      if (h.subject_kind !== 'file') {
        const album = albums.get(h.subject_id);
        return album ? [{ kind: 'ALBUM', matchedField: 'name', file: null, album }] : [];
      }
      const file = files.get(h.subject_id);
      if (!file) return [];
      return [{ kind: h.kind, matchedField: matchedField(file.row, words), file: toFileItem(file.row, file.projectId, links), album: null }];
    });
  }
}

/** Which of the file's texts the query found it by, the name first. */
function matchedField(row: FileRow, words: readonly string[]): MatchedField {
  const fold = (s: string | null) => foldWords(s ?? '').join(' ');
  if (startsAWord(fold(row.name), words)) return 'name';
  if (startsAWord(fold(row.description), words)) return 'description';
  if (startsAWord(fold(row.camera), words)) return 'camera';
  return 'date';
}

const capitalise = (s: string) => s.charAt(0).toLocaleUpperCase() + s.slice(1);
