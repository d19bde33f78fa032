import { describe, expect, it } from 'vitest';
import type { FileItem } from '@/api/files';
import { fileItem } from '@/test/file-item';
import { justifiedLayout, layoutConfigFor, placeholderLayout } from '@/media/grid/layout';
import { sectionsInRange, visibleRange } from '@/media/grid/virtual-window';
import type { GroupPage, PhotoGroup } from './api';
import { planSegments } from './segments';
import { buildTimeline, createTimelineCaches, DAY_HEADER_HEIGHT, MONTH_HEADER_HEIGHT, PACKED_DAY_GAP, piecesOf } from './timeline-layout';

const config = layoutConfigFor(1280);
const WIDTH = 950;
const BIG = 70_000;

const groups: PhotoGroup[] = [
  { key: '2026-11-23', year: 2026, month: 11, day: 23, count: BIG, offset: 0 },
  { key: '2026-11-20', year: 2026, month: 11, day: 20, count: 7, offset: BIG },
];

const photo = (uuid: string, width = 4000, height = 3000): FileItem =>
  fileItem({ uuid, name: `${uuid}.jpg`, width, height, takenDate: 1_000_000, contentType: 'image/jpeg', mediaStatus: 'READY' });

/** The answer to one page of a day, as the server gives it. */
const answer = (key: string, offset: number, limit: number, size?: [number, number]): GroupPage => ({
  key,
  count: key === groups[0]!.key ? BIG : 7,
  offset,
  items: Array.from({ length: limit }, (_, i) => photo(`${key}-${offset + i}`, ...(size ?? []))),
  hasMore: false,
});

describe('timeline layout of a 70,000-photo day', () => {
  const plan = planSegments(groups);
  const { pieces, groupFirstPiece } = piecesOf(groups, plan);

  it('is cut into pages of 200 that are laid out as stand-in tiles from the counts alone, the scroll height right at once', () => {
    expect(pieces).toHaveLength(BIG / 200 + 1);
    expect(groupFirstPiece).toEqual([0, BIG / 200]);
    const built = buildTimeline(groups, pieces, () => undefined, WIDTH, config, createTimelineCaches());
    const stand = placeholderLayout(200, WIDTH, config);
    // 4 tiles of 4:3 fit a row at 170 px: 50 rows a page, each row stretched to the width.
    expect(stand).toMatchObject({ perRow: 4, rowHeight: 176, tileWidth: 235 });
    expect(stand.height).toBe(2 + 50 * 176 + 49 * 7 + 4);
    const small = placeholderLayout(7, WIDTH, config);
    expect(built.model.totalHeight).toBe(MONTH_HEADER_HEIGHT + (BIG / 200) * stand.height + DAY_HEADER_HEIGHT + small.height);
    // One band per page, not one per row or photo: 350 stand-ins and two headers.
    expect(built.model.blocks.filter((block) => block.kind === 'pending')).toHaveLength(BIG / 200 + 1);
    expect(built.model.blocks).toHaveLength(BIG / 200 + 1 + 2);
    expect(built.items).toEqual([]);
    expect(built.groupTops).toEqual([0, MONTH_HEADER_HEIGHT + (BIG / 200) * stand.height]);
    expect(built.sections[175]).toMatchObject({ key: '2026-11-23#35000', groupKey: '2026-11-23', group: 0, offset: 35_000, headerHeight: 0, placeholder: stand });
  });

  it('estimates a page of stand-ins as tall as its photos will be, whatever their shape and the window width', () => {
    // 1.4 is a library of 4:3 photos with some 16:9 videos: just wider than 4:3, it must not lose a tile from every row.
    for (const [windowWidth, width] of [[1280, 950], [375, 325], [420, 370]] as const) {
      for (const aspect of [0.75, 1, 4 / 3, 1.4, 1.78]) {
        const narrowOrWide = layoutConfigFor(windowWidth);
        const estimate = placeholderLayout(200, width, narrowOrWide, aspect).height;
        const real = justifiedLayout(Array.from({ length: 200 }, () => aspect), width, narrowOrWide).height;
        expect(Math.abs(estimate - real) / real).toBeLessThan(0.05);
      }
    }
  });

  it('asks only for the pages a viewport in the middle of the day touches', () => {
    const built = buildTimeline(groups, pieces, () => undefined, WIDTH, config, createTimelineCaches());
    const middle = built.model.totalHeight / 2;
    const range = visibleRange(built.model.blocks, middle, 800, 800);
    const segments = [...new Set(sectionsInRange(built.model.blocks, range).map((section) => pieces[section]!.segment))];
    expect(segments.length).toBeGreaterThanOrEqual(1);
    expect(segments.length).toBeLessThanOrEqual(2);
    const offsets = segments.flatMap((segment) => plan.segments[segment]!.pages.map((page) => page.offset));
    for (const offset of offsets) expect(Math.abs(offset - BIG / 2)).toBeLessThanOrEqual(400);
  });

  it('lays out an answer in the middle from its photos, leaving everything above it in place', () => {
    const caches = createTimelineCaches();
    const before = buildTimeline(groups, pieces, () => undefined, WIDTH, config, caches);
    const middle = pieces[175]!;
    const page = answer(groups[0]!.key, middle.offset, 200);
    const data = new Map([[middle.segment, [page]]]);
    const after = buildTimeline(groups, pieces, (segment) => data.get(segment), WIDTH, config, caches);
    const section = after.sections[175]!;
    expect(section.items).toBe(page.items);
    expect(section.layout!.boxes).toHaveLength(200);
    expect(after.items.map((item) => item.uuid)).toEqual(page.items.map((item) => item.uuid));
    expect(after.sections[175]!.firstIndex).toBe(0);
    // Pieces above keep their tops; the ones below move by the difference of this piece's height only.
    expect(after.model.sectionTops.slice(0, 176)).toEqual(before.model.sectionTops.slice(0, 176));
    const delta = section.layout!.height - before.sections[175]!.placeholder!.height;
    expect(after.model.sectionTops[176]! - before.model.sectionTops[176]!).toBe(delta);
    // 4:3 photos, as the estimate assumed: the page takes the height its stand-ins took.
    expect(Math.abs(delta)).toBeLessThanOrEqual(50);
    // The layout is cached per answer: another answer elsewhere does not lay this page out again.
    const other = answer(groups[0]!.key, pieces[176]!.offset, 200);
    data.set(pieces[176]!.segment, [other]);
    const again = buildTimeline(groups, pieces, (segment) => data.get(segment), WIDTH, config, caches);
    expect(again.sections[175]!.layout).toBe(section.layout);
  });

  it('keeps a page’s measured height after its photos are dropped, and draws the rest of the day in its photos’ shape', () => {
    const caches = createTimelineCaches();
    const first = pieces[0]!;
    // Portrait photos: the day's stand-ins become portrait too once its first page is seen.
    const page = answer(groups[0]!.key, 0, 200, [3000, 4000]);
    const loaded = buildTimeline(groups, pieces, (segment) => (segment === first.segment ? [page] : undefined), WIDTH, config, caches);
    const measured = loaded.sections[0]!.layout!.height;
    expect(loaded.sections[1]!.placeholder!.tileWidth).toBeLessThan(loaded.sections[1]!.placeholder!.rowHeight);
    expect(loaded.sections[1]!.placeholder!.perRow).toBe(7);
    const dropped = buildTimeline(groups, pieces, () => undefined, WIDTH, config, caches);
    expect(dropped.sections[0]!.items).toEqual([]);
    expect(dropped.model.sectionTops[1]).toBe(MONTH_HEADER_HEIGHT + measured);
    expect(dropped.model.totalHeight).toBe(loaded.model.totalHeight);
  });
});

describe('short days sharing a row (issue 17)', () => {
  const day = (key: string, count: number, offset: number): PhotoGroup => {
    const [year, month, date] = key.split('-').map(Number) as [number, number, number];
    return { key, year, month, day: date, count, offset };
  };
  // At 950 px a 4:3 photo at 170 px is 227 px wide: 1 + 2 + 1 photos and two gaps fill a row, the next day starts another.
  const short = [day('2026-11-23', 1, 0), day('2026-11-22', 2, 1), day('2026-11-21', 1, 3), day('2026-11-20', 1, 4), day('2026-10-30', 1, 5), day('2026-10-29', 300, 6)];
  const plan = planSegments(short);
  const { pieces } = piecesOf(short, plan);
  const unit = 170 * (4 / 3);

  it('packs consecutive short days of a month into one row, each under its own date, from the counts alone', () => {
    const built = buildTimeline(short, pieces, () => undefined, WIDTH, config, createTimelineCaches());
    expect(built.sections.map((section) => section.members?.map((member) => short[member.group]!.key) ?? [section.key])).toEqual([
      ['2026-11-23', '2026-11-22', '2026-11-21'],
      ['2026-11-20'],
      // A new month starts a row; a day too big for a row is laid out on its own, in pages.
      ['2026-10-30'],
      ['2026-10-29'],
      ['2026-10-29#200'],
    ]);
    const row = built.sections[0]!;
    expect(row.members!.map((member) => [member.left, Math.round(member.width)])).toEqual([
      [2, Math.round(unit)],
      [2 + unit + PACKED_DAY_GAP, Math.round(2 * unit + 3)],
      [2 + unit + PACKED_DAY_GAP + 2 * unit + 3 + PACKED_DAY_GAP, Math.round(unit)],
    ]);
    // Stand-ins until the photos come: one per photo, at the target height, the row as high as one row of photos.
    expect(row.standIns).toHaveLength(4);
    expect(row.standIns!.every((box) => box.height === 170 && box.top === 2)).toBe(true);
    expect(row.layout!.height).toBe(2 + 170 + 4);
    expect(row.headerHeight).toBe(MONTH_HEADER_HEIGHT);
    expect(built.groupTops.slice(0, 4)).toEqual([0, 0, 0, MONTH_HEADER_HEIGHT + 176]);
    expect(built.sections[1]!.headerHeight).toBe(DAY_HEADER_HEIGHT);
  });

  it('puts the photos where their stand-ins were when they load: nothing below moves', () => {
    const caches = createTimelineCaches();
    const before = buildTimeline(short, pieces, () => undefined, WIDTH, config, caches);
    const segment = pieces[0]!.segment;
    const answers = plan.segments[segment]!.pages.map((page) => answer(page.key, page.offset, page.limit));
    const after = buildTimeline(short, pieces, (index) => (index === segment ? answers : undefined), WIDTH, config, caches);
    const row = after.sections[0]!;
    expect(row.standIns).toEqual([]);
    expect(row.items.map((item) => item.uuid)).toEqual(['2026-11-23-0', '2026-11-22-0', '2026-11-22-1', '2026-11-21-0']);
    expect(row.layout!.boxes.map((box) => box.left)).toEqual(before.sections[0]!.standIns!.map((box) => box.left));
    expect(after.model.sectionTops).toEqual(before.model.sectionTops);
    expect(row.members!.map((member) => member.items.length)).toEqual([1, 2, 1]);
  });
});
