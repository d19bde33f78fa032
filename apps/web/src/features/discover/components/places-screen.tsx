import { discoverPaths } from '@/config/paths';
import { useListPlacesPagesInfiniteQuery, useListThingsPagesInfiniteQuery } from '../api';
import { placeMeta, thingName } from '../labels';
import { useDiscoverTranslation } from '../use-discover-translation';
import { CoverCard } from './cards';
import { Collection } from './collection';

/** /main/discover/places: every place with photos, 100 at a time. */
export function PlacesScreen() {
  const { t } = useDiscoverTranslation();
  const query = useListPlacesPagesInfiniteQuery();
  const places = query.data?.pages.flatMap((page) => page.places) ?? [];
  return (
    <Collection
      title={t('discover:section_places')}
      loading={query.isLoading}
      failed={query.isError}
      onRetry={() => void query.refetch()}
      empty={places.length === 0 ? t('discover:places_empty') : null}
      hasMore={query.hasNextPage}
      loadingMore={query.isFetchingNextPage}
      onLoadMore={() => void query.fetchNextPage()}
    >
      {places.map((place) => (
        <li key={place.id}>
          <CoverCard cover={place.coverPhoto} title={place.name} meta={placeMeta(t, place)} to={discoverPaths.place(place.id)} testId="place-card" />
        </li>
      ))}
    </Collection>
  );
}

/** /main/discover/things: every recognised class with photos, 100 at a time. */
export function ThingsScreen() {
  const { t } = useDiscoverTranslation();
  const query = useListThingsPagesInfiniteQuery();
  const things = query.data?.pages.flatMap((page) => page.things) ?? [];
  return (
    <Collection
      title={t('discover:section_things')}
      loading={query.isLoading}
      failed={query.isError}
      onRetry={() => void query.refetch()}
      empty={things.length === 0 ? t('discover:things_empty') : null}
      hasMore={query.hasNextPage}
      loadingMore={query.isFetchingNextPage}
      onLoadMore={() => void query.fetchNextPage()}
    >
      {things.map((thing) => (
        <li key={thing.id}>
          <CoverCard
            cover={thing.coverPhoto}
            title={thingName(t, thing.tag)}
            meta={t('discover:photo_count', { count: thing.photoCount })}
            to={discoverPaths.thing(thing.id)}
            testId="thing-card"
          />
        </li>
      ))}
    </Collection>
  );
}
