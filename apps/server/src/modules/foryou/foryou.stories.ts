// Timeline stories (For you, kind STORY): the year in review, the season just over, and a person's year. Each is a
// list of pages (photos) in time order, spread over its period; rules in docs/decisions.md "For you — stories and
// memory videos".
import { utcDay } from '../../shared/days.js';
import { days } from '../../shared/time.js';
import { newId } from '../../shared/tokens.js';
import { faceCounts, namedPeople } from '../people/people.public.js';
import type { ForyouGenerator, GenerateContext, GeneratorDeps } from './foryou.generator.js';
import * as kinds from './foryou.kinds.repository.js';
import * as repo from './foryou.repository.js';
import { pickBest, rank } from './foryou.service.js';

/** A story with fewer pages than this is not worth telling: not made. */
export const STORY_MIN_PAGES = 10;
export const STORY_MAX_PAGES = 30;
/** Photos read per period, the best by score first (a year of a heavy photographer stays bounded). */
const PERIOD_CANDIDATES = 5_000;
/** Named people looked at per run, and person stories made per run (the rest wait for the next daily run). */
const PEOPLE_LIMIT = 50;
const PERSON_STORIES_PER_RUN = 1;

export type Season = 'winter' | 'spring' | 'summer' | 'autumn';
/** Northern-hemisphere meteorological seasons by their first month (0-based); winter starts in December. */
const SEASON_START: Record<Season, number> = { winter: 11, spring: 2, summer: 5, autumn: 8 };
const SEASONS: readonly Season[] = ['winter', 'spring', 'summer', 'autumn'];

/** A period of calendar days (YYYYMMDD, inclusive), and how pages are spread over it. */
interface Period {
  first: number;
  last: number;
  bucket: (day: number) => number;
}

interface Story {
  key: string;
  title: { key: 'yearInReview' | 'season' | 'personYear'; params: Record<string, string | number> };
  period: Period;
  expiresAt: number;
  /** Only these photos (a person's); all of the period's otherwise. */
  only?: ReadonlySet<string>;
}

export class StoryGenerator implements ForyouGenerator {
  readonly kind = 'STORY' as const;

  constructor(private readonly d: GeneratorDeps) {}

  async generate(ctx: GenerateContext): Promise<number> {
    const before = process.cpuUsage();
    const stories = [yearInReview(ctx.at), lastSeason(ctx.at)].filter((s) => s !== null);
    let made = 0;
    for (const story of stories) if (await this.make(ctx, story)) made++;
    made += await this.personYears(ctx);
    const used = process.cpuUsage(before);
    await ctx.budget.charge((used.user + used.system) / 1000);
    return made;
  }

  /** One story per run for the named people with the most photos of the last 12 months, premium accounts only. */
  private async personYears(ctx: GenerateContext): Promise<number> {
    const people = await namedPeople(this.d.db, ctx.accountId, PEOPLE_LIMIT);
    if (people.length === 0) return 0;
    const year = new Date(ctx.at).getUTCFullYear();
    const period = lastTwelveMonths(ctx.at);
    let made = 0;
    for (const person of [...people].sort((a, b) => b.fileIds.length - a.fileIds.length || a.id.localeCompare(b.id))) {
      if (made >= PERSON_STORIES_PER_RUN || person.fileIds.length < STORY_MIN_PAGES) break;
      const story: Story = {
        // One per person and calendar year, offered until the year ends (so the key cannot come back after the sweep).
        key: `person-year:${person.id}:${year}`,
        title: { key: 'personYear', params: { name: person.name, year, date: dayString(period.first), endDate: dayString(period.last) } },
        period,
        expiresAt: Date.UTC(year + 1, 0, 1),
        only: new Set(person.fileIds),
      };
      if (await this.make(ctx, story)) made++;
    }
    return made;
  }

  /** Chooses the pages and inserts the story; false when it has too few pages or exists (even dismissed). */
  private async make(ctx: GenerateContext, story: Story): Promise<boolean> {
    if (await kinds.getItemByKey(this.d.db, ctx.accountId, 'STORY', story.key)) return false;
    const found = (await repo.candidates(this.d.db, ctx.accountId, daysOf(story.period), PERIOD_CANDIDATES)).filter((c) => !story.only || story.only.has(c.id));
    if (found.length < STORY_MIN_PAGES) return false;
    const faces = await faceCounts(this.d.db, found.map((c) => c.id));
    const score = (c: repo.Candidate) => rank(c.score, faces.get(c.id) ?? 0);
    const pages = spread(found, story.period.bucket, score, STORY_MAX_PAGES);
    if (pages.length < STORY_MIN_PAGES) return false;
    const cover = [...pages].sort((a, b) => score(b) - score(a) || a.id.localeCompare(b.id))[0]!;
    return repo.insertItem(
      this.d.db,
      {
        id: newId(),
        account_id: ctx.accountId,
        kind: 'STORY',
        status: 'NEW',
        key: story.key,
        title_params: JSON.stringify(story.title),
        cover_file_id: cover.id,
        result_key: null,
        created_at: ctx.at,
        expires_at: story.expiresAt,
      },
      pages.map((p) => p.id),
    );
  }
}

/**
 * Up to `limit` pages spread over the period: the best of each bucket (month, week) first, then the second best of
 * each, and so on, one photo per burst; in time order.
 */
export function spread<T extends { id: string; taken_at: number; taken_day: number }>(photos: readonly T[], bucket: (day: number) => number, score: (p: T) => number, limit: number): T[] {
  const byBucket = new Map<number, T[]>();
  for (const p of photos) {
    const b = bucket(p.taken_day);
    const list = byBucket.get(b);
    if (list) list.push(p);
    else byBucket.set(b, [p]);
  }
  // Best first within each bucket, bursts collapsed; buckets are far apart, so a burst never spans two.
  const ranked = [...byBucket.values()].map((list) => pickBest(list, score, limit));
  const chosen: T[] = [];
  for (let round = 0; chosen.length < limit; round++) {
    const layer = ranked.flatMap((list) => list[round] ?? []);
    if (layer.length === 0) break;
    // A layer that does not fit whole gives its best.
    chosen.push(...layer.sort((a, b) => score(b) - score(a) || a.id.localeCompare(b.id)).slice(0, limit - chosen.length));
  }
  return chosen.sort((a, b) => a.taken_at - b.taken_at || a.id.localeCompare(b.id));
}

// --- periods

/** December and January: the year that is ending (or just ended), January 1 to December 31. */
export function yearInReview(at: number): Story | null {
  const d = new Date(at);
  const month = d.getUTCMonth();
  if (month !== 11 && month !== 0) return null;
  const year = month === 11 ? d.getUTCFullYear() : d.getUTCFullYear() - 1;
  return {
    key: `year-in-review:${year}`,
    title: { key: 'yearInReview', params: { year } },
    period: { first: year * 10_000 + 101, last: year * 10_000 + 1231, bucket: (day) => Math.floor(day / 100) },
    // Offered through January 31 of the next year, never again after that.
    expiresAt: Date.UTC(year + 1, 1, 1),
  };
}

/** The season that ended last; it is offered through the season that follows it (about three months). */
export function lastSeason(at: number): Story | null {
  const d = new Date(at);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  // The season `at` is in starts in month `m - (m + 1) % 3` (December's winter from the same year's December).
  const currentStart = Date.UTC(y, m - ((m + 1) % 3), 1);
  const start = new Date(Date.UTC(new Date(currentStart).getUTCFullYear(), new Date(currentStart).getUTCMonth() - 3, 1));
  const season = SEASONS.find((s) => SEASON_START[s] === start.getUTCMonth())!;
  const end = Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 3, 1);
  const first = utcDay(start.getTime());
  const last = utcDay(end - days(1));
  const weekOf = (day: number) => Math.floor((dayMs(day) - start.getTime()) / days(7));
  return {
    // Winter is named after the year of its December.
    key: `season:${start.getUTCFullYear()}-${season}`,
    title: { key: 'season', params: { season, year: start.getUTCFullYear(), date: dayString(first), endDate: dayString(last) } },
    period: { first, last, bucket: weekOf },
    expiresAt: Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 6, 1),
  };
}

/** The 12 months up to `at`'s day, by month. */
function lastTwelveMonths(at: number): Period {
  return { first: utcDay(at - days(365)), last: utcDay(at), bucket: (day) => Math.floor(day / 100) };
}

/** Every calendar day of the period (at most a year's: the candidates query takes them as a list). */
function daysOf(p: Period): number[] {
  const out: number[] = [];
  for (let ms = dayMs(p.first); ms <= dayMs(p.last); ms += days(1)) out.push(utcDay(ms));
  return out;
}

const dayMs = (day: number) => Date.UTC(Math.floor(day / 10_000), (Math.floor(day / 100) % 100) - 1, day % 100);
const dayString = (day: number) => new Date(dayMs(day)).toISOString().slice(0, 10);
