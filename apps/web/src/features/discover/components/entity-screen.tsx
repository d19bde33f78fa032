import { useState } from 'react';
import { useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { ShareIcon } from '@/components/ui/icons';
import { ShareSlot, useMediaSlots } from '@/media/slots';
import { discoverPaths } from '@/config/paths';
import { useListPlacesPagesInfiniteQuery, useListThingsPagesInfiniteQuery } from '../api';
import { thingName } from '../labels';
import { useDiscoverTranslation } from '../use-discover-translation';
import { BackLink } from './collection';
import styles from './discover.module.css';
import { EntityPhotos } from './entity-photos';

/** /main/discover/place/:id: the place's photos; the title is the city and its country. */
export function PlaceScreen() {
  const { t, i18n } = useDiscoverTranslation();
  const { id = '' } = useParams();
  // The list (usually cached from Discover) names the country in the reader's language; the album label is the city.
  const places = useListPlacesPagesInfiniteQuery(i18n.language);
  const place = places.data?.pages.flatMap((page) => page.places).find((entry) => entry.id === id);
  const [sharing, setSharing] = useState(false);
  const { Share } = useMediaSlots();
  return (
    <EntityPhotos
      contentType="album/location"
      id={id}
      backTo={discoverPaths.places}
      header={(album) => (
        <header className={styles.header}>
          <BackLink to={discoverPaths.places} label={t('discover:section_places')} />
          <div className={styles.personTitle}>
            <h1 className={styles.title} dir="auto" data-testid="entity-title">
              {place?.name ?? album.label}
            </h1>
            <p className={styles.muted}>
              {[
                place?.country,
                t('discover:photo_count', {
                  count: album.imageCount + album.videoCount,
                }),
              ]
                .filter(Boolean)
                .join(' · ')}
            </p>
          </div>
          {Share ? (
            <div className={styles.actions} role="toolbar" aria-label={t('discover:place_actions')}>
              <Button variant="secondary" startIcon={<ShareIcon size={18} />} onClick={() => setSharing(true)} data-testid="place-share">
                {t('discover:share_link')}
              </Button>
            </div>
          ) : null}
          <ShareSlot open={sharing} target={{ kind: 'place', uuid: album.uuid, name: place?.name ?? album.label }} onOpenChange={setSharing} />
        </header>
      )}
    />
  );
}

/** /main/discover/thing/:id: the photos of one recognised class; the title is the class in the reader's language. */
export function ThingScreen() {
  const { t } = useDiscoverTranslation();
  const { id = '' } = useParams();
  const things = useListThingsPagesInfiniteQuery();
  const thing = things.data?.pages.flatMap((page) => page.things).find((entry) => entry.id === id);
  return (
    <EntityPhotos
      contentType="album/object"
      id={id}
      backTo={discoverPaths.things}
      header={(album) => (
        <header className={styles.header}>
          <BackLink to={discoverPaths.things} label={t('discover:section_things')} />
          <div className={styles.personTitle}>
            <h1 className={styles.title} dir="auto" data-testid="entity-title">
              {thing ? thingName(t, thing.tag) : album.label}
            </h1>
            <p className={styles.muted}>
              {t('discover:photo_count', {
                count: album.imageCount + album.videoCount,
              })}
            </p>
          </div>
        </header>
      )}
    />
  );
}
