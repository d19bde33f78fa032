import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import { NotFound, ValidationError } from '../../shared/errors.js';
import * as accounts from '../account/account.repository.js';
import type { AuthContext } from '../auth/auth.service.js';
import * as files from '../files/file.repository.js';
import { toFileItem, type DerivativeLinks } from '../files/file.schemas.js';
import * as repo from './timeline.repository.js';
import { MAX_GROUP_PAGE, type Category, type GroupDto, type GroupListBodyValue, type GroupPagesDto, type GroupsDto, type PositionDto } from './timeline.schemas.js';
import { dayKey, dayParts, parseDayKey } from './timeline.facts.js';

type Auth = Pick<AuthContext, 'accountId'>;
type DayCounts = { images: number; videos: number; favourites: number };

const countIn = (row: DayCounts, category: Category): number => {
  switch (category) {
    case 'photos':
      return Number(row.images);
    case 'videos':
      return Number(row.videos);
    case 'favourites':
      return Number(row.favourites);
    default:
      return Number(row.images) + Number(row.videos);
  }
};

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
    const [account, counts] = await Promise.all([
      accounts.getById(this.d.db, auth.accountId),
      repo.getDays(this.d.db, auth.accountId, [...new Set(days)]),
    ]);
    if (!account) throw NotFound('Account not found.');
    const countOf = new Map(counts.map((c) => [Number(c.day), countIn(c, category)]));
    const out: GroupPagesDto['groups'] = [];
    // One after another: up to 50 groups must not take the whole connection pool.
    for (const [i, g] of body.groups.entries()) {
      const day = days[i]!;
      const count = countOf.get(day) ?? 0;
      const offset = g.offset ?? 0;
      const limit = g.limit ?? MAX_GROUP_PAGE;
      if (count === 0 || offset >= count) {
        out.push({ key: g.key, count, offset, items: [], hasMore: false });
        continue;
      }
      // One more than asked tells whether the group goes on, without trusting a count read a moment earlier.
      const ids = await repo.listDayIds(this.d.db, auth.accountId, { day, category, offset, limit: limit + 1 });
      const rows = await files.getInOrder(this.d.db, auth.accountId, ids.slice(0, limit));
      out.push({
        key: g.key,
        count,
        offset,
        items: rows.map((r) => toFileItem(r, account.project_id, this.d.links)),
        hasMore: ids.length > limit,
      });
    }
    return { groups: out };
  }

  /** The group holding the x-th photo of the whole timeline (0-based). */
  async position(auth: Auth, x: number, category: Category = 'all'): Promise<PositionDto> {
    const groups = await this.timeline(auth, category);
    // The last group starting at or before x (offsets ascend).
    let lo = 0;
    let hi = groups.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (groups[mid]!.offset <= x) {
        found = mid;
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    const g = found >= 0 ? groups[found]! : null;
    if (!g || x >= g.offset + g.count) throw NotFound('No photo at this position.');
    return { position: x, key: g.key, groupIndex: found, offsetInGroup: x - g.offset, year: g.year, month: g.month, day: g.day };
  }

  private async timeline(auth: Auth, category: Category): Promise<GroupDto[]> {
    const rows = await repo.listDays(this.d.db, auth.accountId);
    const groups: GroupDto[] = [];
    let offset = 0;
    for (const r of rows) {
      const count = countIn(r, category);
      if (count <= 0) continue;
      groups.push({ key: dayKey(Number(r.day)), ...dayParts(Number(r.day)), count, offset });
      offset += count;
    }
    return groups;
  }
}
