import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { PersonMergeDialog } from '@/components/person-merge-dialog';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { ChevronStartIcon, EditIcon } from '@/components/ui/icons';
import { Modal } from '@/components/ui/modal';
import { showToast } from '@/components/ui/toast-slice';
import { paths } from '@/config/paths';
import { useAppDispatch } from '@/state/hooks';
import {
  FAMILY_PEOPLE_PAGE,
  FAMILY_PLACES_PAGE,
  familyErrorCode,
  useGetFamilyPersonQuery,
  useListFamilyPeopleQuery,
  useListFamilyPlacesQuery,
  useRenameFamilyPersonMutation,
  type FamilyPerson,
} from '../api';
import { useFamilyMergeTexts, useMergeFamilyPerson } from '../use-family-person-actions';
import { useFamilyTranslation } from '../use-family-translation';
import collections from './family-collections.module.css';
import styles from './family-library.module.css';

function Back({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} className={collections.back} aria-label={label} title={label} data-testid="family-back">
      <ChevronStartIcon size={22} />
    </Link>
  );
}

/** The library filtered to a family person: back to the people, their name (any member may give or change it), merge. */
export function PersonHeading({ personId, headingId }: { personId: string; headingId: string }) {
  const { t } = useFamilyTranslation();
  const person = useGetFamilyPersonQuery(personId);
  const [naming, setNaming] = useState(false);
  const [merging, setMerging] = useState(false);
  const label = person.data?.label ?? null;
  return (
    <>
      <div className={styles.filterHeading}>
        <Back to={paths.familyPeople} label={t('family:back_to_people')} />
        <h1 id={headingId} className={styles.title}>
          <bdi>{label ?? t('family:person_unnamed')}</bdi>
        </h1>
        {person.data ? (
          <div className={styles.headingActions} role="toolbar" aria-label={t('family:person_actions')}>
            <Button variant="secondary" size="sm" startIcon={<EditIcon size={16} />} onClick={() => setNaming(true)} data-testid="family-person-name">
              {label ? t('family:person_rename') : t('family:person_add_name')}
            </Button>
            <Button variant="secondary" size="sm" onClick={() => setMerging(true)} data-testid="family-person-merge">
              {t('family:person_merge')}
            </Button>
          </div>
        ) : null}
      </div>
      <p className={styles.text}>{t('family:person_text')}</p>
      {naming ? <NameDialog personId={personId} current={label ?? ''} onClose={() => setNaming(false)} /> : null}
      {merging && person.data ? <MergeDialog source={person.data} onClose={() => setMerging(false)} /> : null}
    </>
  );
}

/** "Merge with…": any other person of the family library, then the question; the library then shows the survivor. */
function MergeDialog({ source, onClose }: { source: FamilyPerson; onClose: () => void }) {
  const texts = useFamilyMergeTexts();
  const people = useListFamilyPeopleQuery({ pageSize: FAMILY_PEOPLE_PAGE, pageNumber: 0 });
  const { merge, merging } = useMergeFamilyPerson();
  return (
    <PersonMergeDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      source={source}
      people={people.data?.people ?? []}
      merging={merging}
      texts={texts}
      onMerge={async (target) => {
        if (await merge(source.personId, target.personId)) onClose();
      }}
    />
  );
}

function NameDialog({ personId, current, onClose }: { personId: string; current: string; onClose: () => void }) {
  const { t } = useFamilyTranslation();
  const dispatch = useAppDispatch();
  const [value, setValue] = useState(current);
  const [rename, { isLoading }] = useRenameFamilyPersonMutation();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const label = value.trim();
    if (!label) return;
    try {
      await rename({ personId, body: { label } }).unwrap();
      dispatch(showToast({ kind: 'success', messageKey: 'family:person_named' }));
      onClose();
    } catch (error) {
      dispatch(showToast({ kind: 'error', messageKey: `family:error_${familyErrorCode(error)}` }));
    }
  };
  return (
    <Modal open onOpenChange={(open) => (open ? null : onClose())} title={t('family:person_name_title')} description={t('family:person_name_text')} data-testid="family-person-name-dialog">
      <form onSubmit={(e) => void submit(e)}>
        <TextField label={t('family:person_name_label')} value={value} onChange={(e) => setValue(e.target.value)} maxLength={255} required />
        <Button type="submit" disabled={!value.trim()} loading={isLoading}>
          {t('family:person_name_save')}
        </Button>
      </form>
    </Modal>
  );
}

/** The library filtered to a family place: back to the places, the place's name in the reader's language. */
export function PlaceHeading({ placeKey, headingId }: { placeKey: string; headingId: string }) {
  const { t, i18n } = useFamilyTranslation();
  // The same request as the places page (usually cached): a family's places are few.
  const places = useListFamilyPlacesQuery({ pageSize: FAMILY_PLACES_PAGE, pageNumber: 0, 'x-client-language': i18n.language });
  const place = places.data?.places.find((p) => p.key === placeKey);
  return (
    <>
      <div className={styles.filterHeading}>
        <Back to={paths.familyPlaces} label={t('family:back_to_places')} />
        <h1 id={headingId} className={styles.title}>
          <bdi>{place ? place.name : t('family:places_title')}</bdi>
        </h1>
      </div>
      <p className={styles.text}>{place?.country && place.country !== place.name ? place.country : t('family:place_text')}</p>
    </>
  );
}
