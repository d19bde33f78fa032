import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import { NotFound, ValidationError } from '../../shared/errors.js';
import type { AuthContext } from '../../shared/auth-context.js';
import * as files from '../files/files.public.js';
import { toFileItem, type DerivativeLinks } from '../files/files.public.js';
import * as repo from './timeline.repository.js';
import {
  MAX_GROUP_PAGE,
  type Category,
  type GroupDto,
  type GroupListBodyValue,
  type GroupPagesDto,
  type GroupsDto,
  type PositionDto,
} from './timeline.schemas.js';
import { dayKey, dayParts, parseDayKey } from './timeline.facts.js';

type Auth = Pick<AuthContext, 'accountId' | 'projectId'>;
type Hit = { id: string; takenAt: number };

/** Timeline order within a day, as the file_timeline index reads it: taken_at, then id, both descending. */
const newestFirst = (a: Hit, b: Hit) =>
  b.takenAt - a.takenAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

export interface TimelineDeps {
  db: Kysely<DB>;
  /** Signs thumbnail and preview URLs into file items, as everywhere else. */
  links?: DerivativeLinks;
}

/**
 * The photo timeline: the account's photos and videos grouped by the local day they were taken, newest first. Group
 * sizes come from the per-day counts the database keeps (timeline_day), so every call reads one row per day.
 */
export class TimelineService {
  constructor(private readonly d: TimelineDeps) {}

  async groups(auth: Auth, category: Category = 'all'): Promise<GroupsDto> {
    const groups = await this.timeline(auth, category);
    const last = groups.at(-1);
    return { category, total: last ? last.offset + last.count : 0, groups };
  }

  /** Pages of the asked groups, in the order asked; a day without photos is an empty group. */
  async list(auth: Auth, body: GroupListBodyValue, category: Category = 'all'): Promise<GroupPagesDto> {
    const days = body.groups.map((g, i) => {
      const day = parseDayKey(g.key);
      if (day === null) throw ValidationError(`body.groups.${i}.key must be a calendar date (YYYY-MM-DD)`, `groups.${i}.key`);
      return day;
    });
    const asked = body.groups.map((g, i) => {
      const offset = g.offset ?? 0;
      const limit = g.limit ?? MAX_GROUP_PAGE;
      if (g.after && g.before) throw ValidationError(`body.groups.${i} takes either after or before, not both`, `groups.${i}.before`);
      const after = g.after && { takenAt: g.after.takenDate, id: g.after.uuid };
      const before = g.before && { takenAt: g.before.takenDate, id: g.before.uuid };
      // One more than asked tells whether the group goes on, without trusting a count read a moment earlier; a page
      // read upwards from `before` has that photo after it.
      const page = { day: days[i]!, offset, limit: before ? limit : limit + 1, after, before };
      return { key: g.key, offset, limit, upwards: Boolean(before), page };
    });
    // Independent reads side by side (PostgreSQL serves them on separate connections); a day without photos reads nothing.
    const [counts, hits] = await Promise.all([
      repo.getDayCounts(this.d.db, auth.accountId, category, [...new Set(days)]),
      repo.listPageIds(this.d.db, auth.accountId, category, asked.map((a) => a.page)),
    ]);
    const countOf = new Map(counts.map((c) => [Number(c.day), Number(c.n)]));
    const pages = asked.map(() => [] as Hit[]);
    for (const h of hits) pages[Number(h.page)]!.push({ id: h.id, takenAt: Number(h.taken_at) });
    for (const page of pages) page.sort(newestFirst);
    const rows = await files.getMany(
      this.d.db,
      auth.accountId,
      pages.flatMap((page, i) => page.slice(0, asked[i]!.limit).map((x) => x.id)),
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    return {
      groups: asked.map((a, i) => {
        const ids = pages[i]!;
        return {
          key: a.key,
          count: countOf.get(a.page.day) ?? 0,
          offset: a.offset,
          items: ids.slice(0, a.limit).flatMap((x) => {
            const row = byId.get(x.id);
            return row ? [toFileItem(row, auth.projectId, this.d.links)] : [];
          }),
          hasMore: a.upwards || ids.length > a.limit,
        };
      }),
    };
  }

  /** The group holding the x-th photo of the whole timeline (0-based). */
  async position(auth: Auth, x: number, category: Category = 'all'): Promise<PositionDto> {
    const hit = await repo.findDayAt(this.d.db, auth.accountId, category, x);
    if (!hit) throw NotFound('No photo at this position.');
    const day = Number(hit.day);
    const groupStart = Number(hit.through) - Number(hit.n);
    return { position: x, key: dayKey(day), groupIndex: Number(hit.ordinal) - 1, offsetInGroup: x - groupStart, ...dayParts(day) };
  }

  private async timeline(auth: Auth, category: Category): Promise<GroupDto[]> {
    const rows = await repo.listDayCounts(this.d.db, auth.accountId, category);
    const groups: GroupDto[] = new Array(rows.length);
    let offset = 0;
    for (let i = 0; i < rows.length; i++) {
      const day = Number(rows[i]!.day);
      const count = Number(rows[i]!.n);
      groups[i] = { key: dayKey(day), ...dayParts(day), count, offset };
      offset += count;
    }
    return groups;
  }
}
