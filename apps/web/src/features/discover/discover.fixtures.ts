import type { Album } from '@/api/generated/albums';
import type { FileItem } from '@/api/generated/files';
import { json, type MockHandler } from '@/test/fetch-mock';
import { fileItem } from '@/test/file-item';
import type { EntityStatus, FaceRecognition, Person, PersonInPhoto, Place, Thing } from './api';

export function personFixture(personId: string, label: string | null, extra: Partial<Person> = {}): Person {
  return { personId, label, thumbnailUuid: null, thumbnailUrl: `/api/person/face/tok-${personId}`, photoCount: 2, status: 'ACTIVE', ...extra };
}

export function placeFixture(id: string, name: string, country: string, extra: Partial<Place> = {}): Place {
  return { id, name, nameEn: name, country, countryCode: 'TR', latitude: 41, longitude: 29, photoCount: 3, coverPhoto: null, ...extra };
}

export function thingFixture(id: string, tag: string, extra: Partial<Thing> = {}): Thing {
  return { id, tag, photoCount: 4, coverPhoto: null, ...extra };
}

export function photo(uuid: string, name: string): FileItem {
  return fileItem({
    uuid,
    name,
    bytes: 1000,
    contentType: 'image/jpeg',
    thumbnailUrl: `/api/media/${uuid}/thumb.webp?sig=s`,
    previewUrl: `/api/media/${uuid}/preview.webp?sig=s`,
    width: 4000,
    height: 3000,
    takenDate: 1_700_000_000_000,
    mediaStatus: 'READY',
  });
}

const CONTENT_TYPES = { person: 'album/person', place: 'album/location', thing: 'album/object' } as const;

interface Initial {
  recognition?: Partial<FaceRecognition>;
  people?: Person[];
  places?: Place[];
  things?: Thing[];
  /** Photos by entity id (person, place or thing). */
  photos?: Record<string, FileItem[]>;
  /** Who is in a photo, by photo uuid. */
  inPhoto?: Record<string, PersonInPhoto[]>;
  /** Where a photo was taken, by photo uuid (a place id). */
  placeOf?: Record<string, string>;
}

/** A small in-memory server for Discover's screens: the issue 14 contract's calls over plain arrays. */
export function discoverTestServer(initial: Initial = {}) {
  const recognition: FaceRecognition = { premium: true, enabled: true, done: 10, total: 10, ...initial.recognition };
  const people = (initial.people ?? []).map((person) => ({ ...person }));
  const places = initial.places ?? [];
  const things = initial.things ?? [];
  const photos: Record<string, FileItem[]> = { ...initial.photos };
  const findPerson = (id: string) => people.find((person) => person.personId === id);
  const setStatus = (ids: string[], status: EntityStatus) => {
    for (const person of people) if (ids.includes(person.personId)) person.status = status;
    return json({});
  };
  const page = <T>(items: T[], url: URL) => {
    const size = Number(url.searchParams.get('pageSize') ?? 100);
    const at = Number(url.searchParams.get('pageNumber') ?? 0);
    return { total: items.length, pageNumber: at, pageSize: size, slice: items.slice(at * size, (at + 1) * size) };
  };
  const asAlbum = (kind: keyof typeof CONTENT_TYPES, id: string): Album | null => {
    const label = kind === 'person' ? findPerson(id)?.label : kind === 'place' ? places.find((p) => p.id === id)?.name : things.find((t) => t.id === id)?.tag;
    const status = kind === 'person' ? findPerson(id)?.status : 'ACTIVE';
    if (label === undefined || !status) return null;
    return {
      uuid: id,
      label: label ?? '',
      contentType: CONTENT_TYPES[kind],
      icon: kind === 'place' ? 'location' : kind === 'thing' ? 'object' : 'person',
      status,
      coverPhotoUuid: null,
      coverPhoto: null,
      imageCount: (photos[id] ?? []).length,
      videoCount: 0,
      createdDate: 1,
      lastModifiedDate: 1,
    };
  };

  const routes: Record<string, MockHandler> = {
    'GET /api/account/info': () => json({ uuid: 'u-1', email: 'ayse@example.com', status: 'ACTIVE' }),
    'GET /api/account/usages': () => json({ 'Bytes-Used': '0', 'Quota-Bytes': '5368709120' }),
    'GET /api/account/authority': () => json([]),
    'GET /api/notification/communication/fetch': () => json([]),
    'GET /api/person/recognition': () => json(recognition),
    'PUT /api/person/recognition': ({ body }) => {
      recognition.enabled = (body as { enabled: boolean }).enabled;
      if (!recognition.enabled) people.splice(0, people.length);
      return json(recognition);
    },
    'GET /api/person/page': ({ url }) => {
      const status = url.searchParams.get('status') ?? 'ACTIVE';
      const { slice, ...rest } = page(
        people.filter((person) => person.status === status),
        url,
      );
      return json({ people: slice, ...rest });
    },
    'GET /api/location/page': ({ url }) => {
      const { slice, ...rest } = page(places, url);
      return json({ places: slice, ...rest });
    },
    'GET /api/object/page': ({ url }) => {
      const { slice, ...rest } = page(things, url);
      return json({ things: slice, ...rest });
    },
    'DELETE /api/person/hide': ({ body }) => setStatus(body as string[], 'HIDDEN'),
    'DELETE /api/person/trash': ({ body }) => setStatus(body as string[], 'TRASHED'),
    'POST /api/person/recover': ({ body }) => setStatus(body as string[], 'ACTIVE'),
  };

  function register(kind: keyof typeof CONTENT_TYPES, id: string) {
    routes[`GET /api/album/${id}`] = ({ url }) => {
      const album = url.searchParams.get('contentType') === CONTENT_TYPES[kind] ? asAlbum(kind, id) : null;
      if (!album) return json({ status: 'NOT_FOUND', message: 'Not found' }, { status: 404 });
      return json({ album, fileList: photos[id] ?? [], page: 0, size: 100, hasMore: false });
    };
    if (kind !== 'person') return;
    routes[`PUT /api/person/label/${id}`] = ({ body }) => {
      findPerson(id)!.label = (body as { label: string }).label;
      return json(findPerson(id));
    };
    routes[`PATCH /api/person/${id}`] = ({ body }) => {
      const { mergeInto, label, hidden } = body as { mergeInto?: string; label?: string; hidden?: boolean };
      const person = findPerson(id)!;
      if (mergeInto) {
        const target = findPerson(mergeInto)!;
        target.photoCount += person.photoCount;
        photos[mergeInto] = [...(photos[mergeInto] ?? []), ...(photos[id] ?? [])];
        people.splice(people.indexOf(person), 1);
        return json(target);
      }
      if (label !== undefined) person.label = label;
      if (hidden !== undefined) person.status = hidden ? 'HIDDEN' : 'ACTIVE';
      return json(person);
    };
    routes[`POST /api/person/photo/delete/${id}`] = ({ body }) => {
      photos[id] = (photos[id] ?? []).filter((item) => !(body as string[]).includes(item.uuid));
      return json({});
    };
    routes[`POST /api/person/thumbnail/${id}`] = ({ body }) => {
      findPerson(id)!.thumbnailUuid = (body as { uuid: string }).uuid;
      return json({});
    };
  }
  for (const person of people) register('person', person.personId);
  for (const place of places) register('place', place.id);
  for (const thing of things) register('thing', thing.id);
  for (const [uuid, inPhoto] of Object.entries(initial.inPhoto ?? {})) routes[`GET /api/person/photo/${uuid}`] = () => json({ people: inPhoto });
  for (const [uuid, placeId] of Object.entries(initial.placeOf ?? {}))
    routes[`GET /api/location/photo/${uuid}`] = () => json({ place: places.find((place) => place.id === placeId) ?? null });

  return { routes, people, photos, recognition };
}
