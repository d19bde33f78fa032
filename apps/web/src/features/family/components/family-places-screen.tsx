import { paths } from '@/config/paths';
import { FAMILY_PLACES_PAGE, useListFamilyPlacesQuery } from '../api';
import { useFamilyTranslation } from '../use-family-translation';
import { FamilyCard, FamilyCollection } from './family-collections';

/** Family places (issue 35): the family library's photos by the city they were taken in, across every member. */
export function FamilyPlacesScreen() {
  const { t, i18n } = useFamilyTranslation();
  // The language is part of the request (names come in the reader's language), so switching it reads them anew.
  const query = useListFamilyPlacesQuery({ pageSize: FAMILY_PLACES_PAGE, pageNumber: 0, 'x-client-language': i18n.language });
  const places = query.data?.places ?? [];
  return (
    <FamilyCollection
      title={t('family:places_title')}
      text={t('family:places_text')}
      loading={query.isLoading}
      error={query.isError ? query.error : null}
      empty={places.length === 0 ? { title: t('family:places_empty_title'), text: t('family:places_empty_text') } : null}
      testId="family-places"
    >
      {places.map((p) => (
        <FamilyCard
          key={p.key}
          to={`${paths.familyLibrary}?place=${encodeURIComponent(p.key)}`}
          image={p.coverPhoto?.thumbnailUrl ?? null}
          title={p.name}
          meta={[p.country && p.country !== p.name ? p.country : null, t('family:photo_count', { count: p.photoCount })].filter(Boolean).join(' · ')}
          testId="family-place-card"
        />
      ))}
    </FamilyCollection>
  );
}
