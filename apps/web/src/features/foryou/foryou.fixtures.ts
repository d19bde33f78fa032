import type { FileItem, ForyouItem, ForyouKind, YearsAgoItem } from '@/api/generated/foryou';
import { json, type MockHandler, type MockRequest } from '@/test/fetch-mock';
import { fileItem } from '@/test/file-item';

const COVER = (id: string) => ({ uuid: `cover-${id}`, thumbnailUrl: `/api/media/cover-${id}/thumb.webp?sig=s`, smallThumbnailUrl: null, previewUrl: `/api/media/cover-${id}/preview.webp?sig=s`, placeholder: null, width: 800, height: 600 });

export function foryouItem(id: string, kind: ForyouKind, title: ForyouItem['title'], extra: Partial<ForyouItem> = {}): ForyouItem {
  const rendered = kind === 'COLLAGE' || kind === 'ANIMATION' || kind === 'STYLED' || kind === 'VIDEO';
  const contentType = kind === 'VIDEO' ? 'video/mp4' : kind === 'ANIMATION' ? 'image/webp' : 'image/jpeg';
  return {
    id,
    kind,
    status: 'NEW',
    title,
    photoCount: 4,
    imageCount: 4,
    videoCount: 0,
    coverPhoto: COVER(id),
    media: rendered ? { url: `/api/foryou/media/tok-${id}`, contentType, width: 2048, height: 1536, durationMs: kind === 'VIDEO' ? 30_000 : null, bytes: 1000 } : null,
    savedFileUuid: null,
    savedAlbumUuid: null,
    createdDate: Date.UTC(2026, 10, 20, 9),
    expiresDate: null,
    ...extra,
  };
}

export function yearsAgoItem(id: string, year: number, date: string, extra: Partial<YearsAgoItem> = {}): YearsAgoItem {
  return {
    id,
    kind: 'YEARS_AGO',
    status: 'NEW',
    yearsAgo: 2026 - year,
    year,
    date,
    titleParams: { yearsAgo: 2026 - year, year, date },
    photoCount: 3,
    imageCount: 3,
    videoCount: 0,
    coverPhoto: COVER(id),
    createdDate: Date.UTC(2026, 10, 27),
    expiresDate: Date.UTC(2026, 11, 5),
    ...extra,
  };
}

export function photo(uuid: string): FileItem {
  return fileItem({
    uuid,
    name: `${uuid}.jpg`,
    contentType: 'image/jpeg',
    thumbnailUrl: `/api/media/${uuid}/thumb.webp?sig=s`,
    previewUrl: `/api/media/${uuid}/preview.webp?sig=s`,
    width: 4000,
    height: 3000,
    mediaStatus: 'READY',
  });
}

/** Where each kind is listed and opened (spec 001 §7 and the generic item routes). */
const LISTS: Record<string, ForyouKind> = {
  '/api/foryou/timeline/themed': 'STORY',
  '/api/foryou/collages/generated': 'COLLAGE',
  '/api/foryou/animations/generated': 'ANIMATION',
  '/api/foryou/albums/generated': 'ALBUM',
  '/api/foryou/videos/generated': 'VIDEO',
  '/api/foryou/aiphotos/generated': 'STYLED',
};

interface Initial {
  yearsAgo?: YearsAgoItem[];
  items?: ForyouItem[];
  /** Photos of an item, by item id (three each when not given). */
  photos?: Record<string, FileItem[]>;
  /** The remote parameter ai_generate_show. */
  aiGenerateShow?: 'true' | 'false';
}

/** A small in-memory server for the For-you screens: the contract's calls over plain arrays. */
export function foryouTestServer(initial: Initial = {}) {
  const yearsAgo = [...(initial.yearsAgo ?? [])];
  const items = (initial.items ?? []).map((item) => ({ ...item }));
  const photosOf = (id: string) => initial.photos?.[id] ?? [photo(`${id}-p1`), photo(`${id}-p2`), photo(`${id}-p3`)];
  const offered = (kind: ForyouKind) => items.filter((item) => item.kind === kind && (item.status === 'NEW' || item.status === 'SEEN'));
  const find = (id: string) => items.find((item) => item.id === id && item.status !== 'DISMISSED');
  let saves = 0;

  const routes: Record<string, MockHandler> = {
    'GET /api/account/info': () => json({ uuid: 'u-1', email: 'ayse@example.com', status: 'ACTIVE' }),
    'GET /api/account/usages': () => json({ 'Bytes-Used': '0', 'Quota-Bytes': '5368709120' }),
    'GET /api/account/authority': () => json([]),
    'GET /api/notification/communication/fetch': () => json([]),
    'GET /api/remoteconfig': ({ url }) => {
      const parameter = url.searchParams.get('parameter');
      if (parameter === 'ai_generate_show') return json({ parameter, value: initial.aiGenerateShow ?? 'false' });
      return json({ status: 'NOT_FOUND', message: 'Not found' }, { status: 404 });
    },
    'GET /api/foryou/years-ago': () => json({ items: yearsAgo }),
  };
  for (const [path, kind] of Object.entries(LISTS)) {
    routes[`GET ${path}`] = ({ url }) => {
      const page = Number(url.searchParams.get('page') ?? 0);
      const size = Number(url.searchParams.get('size') ?? 20);
      const all = offered(kind);
      return json({ items: all.slice(page * size, (page + 1) * size), hasMore: all.length > (page + 1) * size });
    };
  }

  const missing = () => json({ status: 'NOT_FOUND', message: 'Item not found.' }, { status: 404 });
  const detail = (id: string) => {
    const item = find(id);
    return item ? json({ item, fileList: photosOf(id) }) : missing();
  };
  const save = (id: string, request: MockRequest) => {
    const item = find(id);
    if (!item) return missing();
    saves += 1;
    if (item.kind === 'ALBUM') item.savedAlbumUuid = `album-${saves}`;
    else if (item.media) item.savedFileUuid = `file-${saves}`;
    item.status = 'SAVED';
    void request;
    return json({ item, savedFileUuid: item.savedFileUuid, savedAlbumUuid: item.savedAlbumUuid });
  };
  const dismiss = (id: string) => {
    const item = find(id);
    if (item) item.status = 'DISMISSED';
    const memory = yearsAgo.findIndex((entry) => entry.id === id);
    if (memory >= 0) yearsAgo.splice(memory, 1);
    return item || memory >= 0 ? new Response(null, { status: 204 }) : missing();
  };
  for (const memory of yearsAgo) {
    routes[`GET /api/foryou/years-ago/${memory.id}`] = () => json({ item: memory, fileList: photosOf(memory.id) });
    routes[`DELETE /api/foryou/items/${memory.id}`] = () => dismiss(memory.id);
  }
  for (const item of items) {
    routes[`GET /api/foryou/items/${item.id}`] = () => detail(item.id);
    routes[`POST /api/foryou/items/${item.id}/save`] = (request) => save(item.id, request);
    routes[`DELETE /api/foryou/items/${item.id}`] = () => dismiss(item.id);
    if (item.kind !== 'STORY') continue;
    routes[`GET /api/foryou/timeline/${item.id}`] = () => detail(item.id);
    routes[`POST /api/foryou/timeline/${item.id}`] = (request) => save(item.id, request);
    routes[`DELETE /api/foryou/timeline/${item.id}`] = () => dismiss(item.id);
  }
  return { routes, items, yearsAgo };
}
