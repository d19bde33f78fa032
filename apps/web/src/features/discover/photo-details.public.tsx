import { Trans } from 'react-i18next';
import { Link } from 'react-router';
import { discoverPaths } from '@/config/paths';
import type { PhotoDetailsSlotProps } from '@/media/slots';
import { useGetPeopleInPhotoQuery, useGetPlaceOfPhotoQuery } from './api';
import { FaceImage } from './components/cards';
import styles from './components/discover.module.css';
import { personName } from './labels';
import { useDiscoverTranslation } from './use-discover-translation';

/**
 * The viewer's info panel, from Discover: who is in the photo (round crops, each to the person's page) and the place
 * it was taken (to the place's page). Nothing when neither is known, or when the calls fail (no premium, no location).
 */
export function PhotoDetails({ uuid }: PhotoDetailsSlotProps) {
  const { t, i18n } = useDiscoverTranslation();
  const people = useGetPeopleInPhotoQuery(uuid).data?.people ?? [];
  const place = useGetPlaceOfPhotoQuery({ uuid, 'x-client-language': i18n.language }).data?.place ?? null;
  return (
    <>
      {people.length > 0 ? (
        <section className={styles.infoSection} aria-labelledby="photo-people" data-testid="viewer-people">
          <h3 id="photo-people" className={styles.infoHeading}>
            {t('discover:in_photo')}
          </h3>
          <ul className={styles.infoPeople}>
            {people.map((person) => {
              const name = personName(t, person.label);
              return (
                <li key={person.personId}>
                  <Link to={discoverPaths.person(person.personId)} className={styles.infoPerson} aria-label={t('discover:open_person', { name })}>
                    <FaceImage url={person.thumbnailUrl} className={styles.infoFace} />
                    <bdi className={styles.infoName}>{person.label ?? t('discover:add_name')}</bdi>
                  </Link>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
      {place ? (
        <section className={styles.infoSection} aria-labelledby="photo-place" data-testid="viewer-place">
          <h3 id="photo-place" className={styles.infoHeading}>
            {t('discover:place')}
          </h3>
          <Link to={discoverPaths.place(place.id)} className={styles.infoPlace}>
            {/* City and country each isolated: "Kadıköy" beside "تركيا" keeps the panel's order, with the locale's comma. */}
            {place.country ? (
              <Trans i18nKey="discover:place_line" t={t} values={{ city: place.name, country: place.country }} components={{ city: <bdi />, country: <bdi /> }} />
            ) : (
              <bdi>{place.name}</bdi>
            )}
          </Link>
        </section>
      ) : null}
    </>
  );
}
