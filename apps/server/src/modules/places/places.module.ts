import { routes, type ModuleWith } from '../../infra/module-manifest.js';
import { minutes } from '../../shared/time.js';
import type { AlbumStreams } from '../albums/albums.public.js';
import type { MediaService } from '../media/media.public.js';
import { placesRoutes } from './places.routes.js';
import { PlacesService, type PlacesDeps } from './places.service.js';

export const PLACES_BACKFILL = 'places.backfill';

export function placesModule(d: PlacesDeps & { media: Pick<MediaService, 'onProcessed'>; streams: AlbumStreams }): ModuleWith<PlacesService> {
  const places = new PlacesService(d);
  d.media.onProcessed((trx, media) => places.onProcessed(trx, media));
  d.streams.register('album/location', places.stream);
  return {
    name: 'places',
    routes: routes(placesRoutes, { places }),
    schedules: [{ name: PLACES_BACKFILL, everyMs: minutes(1), run: () => places.backfill() }],
    tables: ['place', 'file_place'],
    purgeAccount: (account) => places.purgeAccount(account.id),
    service: places,
  };
}
