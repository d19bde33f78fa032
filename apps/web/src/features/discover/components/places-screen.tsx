import { useListPlacesPagesInfiniteQuery, useListThingsPagesInfiniteQuery } from '../api';
import { useDiscoverTranslation } from '../use-discover-translation';
import { PlaceCard, ThingCard } from './cards';
import { Collection } from './collection';

/** /main/discover/places: every place with photos, 100 at a time. */
export function PlacesScreen() {
  const { t, i18n } = useDiscoverTranslation();
  const query = useListPlacesPagesInfiniteQuery(i18n.language);
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
          <PlaceCard place={place} />
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
          <ThingCard thing={thing} />
        </li>
      ))}
    </Collection>
  );
}
