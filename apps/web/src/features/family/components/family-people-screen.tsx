import { paths } from '@/config/paths';
import { FAMILY_PEOPLE_PAGE, useListFamilyPeopleQuery } from '../api';
import { useFamilyTranslation } from '../use-family-translation';
import { FamilyCard, FamilyCollection } from './family-collections';

/**
 * Family people (issue 35): the faces on the family library's photos grouped into people, the same for every member,
 * with the names any member gave. A person opens the library filtered to their photos, where they can be named.
 */
export function FamilyPeopleScreen() {
  const { t } = useFamilyTranslation();
  const query = useListFamilyPeopleQuery({ pageSize: FAMILY_PEOPLE_PAGE, pageNumber: 0 });
  const people = query.data?.people ?? [];
  return (
    <FamilyCollection
      title={t('family:people_title')}
      text={t('family:people_text')}
      loading={query.isLoading}
      error={query.isError ? query.error : null}
      empty={people.length === 0 ? { title: t('family:people_empty_title'), text: t('family:people_empty_text') } : null}
      testId="family-people"
    >
      {people.map((p) => (
        <FamilyCard
          key={p.personId}
          to={`${paths.familyLibrary}?person=${encodeURIComponent(p.personId)}`}
          image={p.thumbnailUrl}
          round
          title={p.label ?? t('family:person_unnamed')}
          muted={p.label === null}
          meta={t('family:photo_count', { count: p.photoCount })}
          testId="family-person-card"
        />
      ))}
    </FamilyCollection>
  );
}
