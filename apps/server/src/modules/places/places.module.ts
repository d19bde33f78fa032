import { routes, type ModuleWith } from '../../infra/module-manifest.js';
import { minutes } from '../../shared/time.js';
import type { AlbumStreams } from '../albums/albums.public.js';
import type { MediaService } from '../media/media.public.js';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { LibraryFilters } from '../family/family.public.js';
import { FamilyPlacesService, familyPlacesRoutes, photosAtPlace } from './places.family.js';
import { placesRoutes } from './places.routes.js';
import { PlacesService, type PlacesDeps } from './places.service.js';

export const PLACES_BACKFILL = 'places.backfill';

type AllRoutes = { places: PlacesService; familyPlaces: FamilyPlacesService };
const allRoutes: FastifyPluginAsyncTypebox<AllRoutes> = async (app, o) => {
  await placesRoutes(app, o);
  await familyPlacesRoutes(app, o);
};

export function placesModule(
  d: PlacesDeps & { media: Pick<MediaService, 'onProcessed'>; streams: AlbumStreams; familyLibrary: LibraryFilters },
): ModuleWith<PlacesService> {
  const places = new PlacesService(d);
  const familyPlaces = new FamilyPlacesService(d);
  // The family library's places (issue 35): its page filtered by `?place=`.
  d.familyLibrary.register('place', photosAtPlace);
  d.media.onProcessed((trx, media) => places.onProcessed(trx, media));
  d.streams.register('album/location', places.stream);
  return {
    name: 'places',
    routes: routes(allRoutes, { places, familyPlaces }),
    schedules: [{ name: PLACES_BACKFILL, everyMs: minutes(1), run: () => places.backfill() }],
    tables: ['place', 'file_place'],
    purgeAccount: (account) => places.purgeAccount(account.id),
    service: places,
  };
}
