import { useCallback, useState, type DragEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/loader';
import { discoverPaths } from '@/config/paths';
import { useListPeoplePagesInfiniteQuery, type EntityStatus, type Person } from '../api';
import { personName } from '../labels';
import { usePersonActions } from '../use-person-actions';
import { useDiscoverTranslation } from '../use-discover-translation';
import { PersonCard, type PersonDrag } from './cards';
import { BackLink, Collection } from './collection';
import styles from './discover.module.css';
import { MergeConfirm } from './merge-dialog';
import { AnalysisProgress, RecognitionSwitch, RecognitionTeaser, useFaceRecognition, useRefetchOnProgress } from './recognition';

const FILTERS: readonly EntityStatus[] = ['ACTIVE', 'HIDDEN', 'TRASHED'];
/** The drag's payload type: only our own cards are drop candidates. */
const DRAG_TYPE = 'application/x-bulut-person';

/**
 * /main/discover/people: everyone, most photographed first; visible, hidden or removed people (Recover on the last
 * two); drag a card onto another to merge them; the recognition switch and the backfill's progress in the header.
 */
export function PeopleScreen() {
  const { t } = useDiscoverTranslation();
  const recognition = useFaceRecognition();
  const state = recognition.data;
  const [status, setStatus] = useState<EntityStatus>('ACTIVE');
  const on = Boolean(state?.premium && state.enabled);
  const query = useListPeoplePagesInfiniteQuery(status, { skip: !on });
  const people = query.data?.pages.flatMap((page) => page.people) ?? [];
  const refetchPeople = query.refetch;
  // People found by the running analysis show up without a reload.
  useRefetchOnProgress(on ? state : undefined, useCallback(() => void refetchPeople(), [refetchPeople]));
  const actions = usePersonActions();
  const [dragged, setDragged] = useState<Person | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const [merge, setMerge] = useState<{ source: Person; target: Person } | null>(null);

  if (!state) {
    return (
      <div className={styles.screen}>
        <header className={styles.header}>
          <BackLink />
          <h1 className={styles.title}>{t('discover:section_people')}</h1>
        </header>
        {recognition.isError ? (
          <div className={styles.centered} role="alert">
            <p className={styles.muted}>{t('discover:load_error')}</p>
            <Button variant="secondary" onClick={() => void recognition.refetch()}>
              {t('common:retry')}
            </Button>
          </div>
        ) : (
          <div className={styles.centered}>
            <Spinner size={32} label={t('common:loading')} />
          </div>
        )}
      </div>
    );
  }

  if (!state.premium || !state.enabled) {
    return (
      <div className={styles.screen}>
        <header className={styles.header}>
          <BackLink />
          <h1 className={styles.title}>{t('discover:section_people')}</h1>
          {state.premium ? <RecognitionSwitch state={state} /> : null}
        </header>
        {state.premium ? <p className={styles.muted}>{t('discover:recognition_disabled_text')}</p> : <RecognitionTeaser />}
      </div>
    );
  }

  const dragFor = (person: Person): PersonDrag | undefined =>
    status !== 'ACTIVE'
      ? undefined
      : {
          dragging: dragged?.personId === person.personId,
          over: over === person.personId && dragged?.personId !== person.personId,
          onDragStart: (event: DragEvent) => {
            event.dataTransfer.setData(DRAG_TYPE, person.personId);
            event.dataTransfer.effectAllowed = 'move';
            setDragged(person);
          },
          onDragEnd: () => {
            setDragged(null);
            setOver(null);
          },
          onDragOver: (event: DragEvent) => {
            if (!dragged || dragged.personId === person.personId) return;
            event.preventDefault();
            event.dataTransfer.dropEffect = 'move';
            setOver(person.personId);
          },
          onDragLeave: () => setOver((current) => (current === person.personId ? null : current)),
          onDrop: (event: DragEvent) => {
            event.preventDefault();
            setOver(null);
            if (dragged && dragged.personId !== person.personId) setMerge({ source: dragged, target: person });
            setDragged(null);
          },
        };

  return (
    <>
      <Collection
        title={t('discover:section_people')}
        people
        tools={
          <>
            <div className={styles.filters} role="group" aria-label={t('discover:filter_label')}>
              {FILTERS.map((filter) => (
                <button key={filter} type="button" className={styles.filter} aria-pressed={status === filter} onClick={() => setStatus(filter)}>
                  {t(`discover:filter_${filter}`)}
                </button>
              ))}
            </div>
            <RecognitionSwitch state={state} />
          </>
        }
        intro={
          <>
            <AnalysisProgress done={state.done} total={state.total} />
            {status === 'ACTIVE' && people.length > 1 ? <p className={styles.muted}>{t('discover:drag_hint')}</p> : null}
          </>
        }
        loading={query.isLoading}
        failed={query.isError}
        onRetry={() => void query.refetch()}
        empty={people.length === 0 ? t('discover:people_empty') : null}
        hasMore={query.hasNextPage}
        loadingMore={query.isFetchingNextPage}
        onLoadMore={() => void query.fetchNextPage()}
      >
        {people.map((person) => (
          <li key={person.personId}>
            <PersonCard
              person={person}
              to={discoverPaths.person(person.personId)}
              drag={dragFor(person)}
              action={
                status === 'ACTIVE' ? null : (
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={actions.busy}
                    onClick={() => void actions.recover([person.personId])}
                    aria-label={`${t('discover:recover')}: ${personName(t, person.label)}`}
                  >
                    {t('discover:recover')}
                  </Button>
                )
              }
            />
          </li>
        ))}
      </Collection>
      {merge ? (
        <MergeConfirm
          source={merge.source}
          target={merge.target}
          merging={actions.merging}
          onCancel={() => setMerge(null)}
          onConfirm={() => void actions.merge(merge.source.personId, merge.target.personId).then(() => setMerge(null))}
        />
      ) : null}
    </>
  );
}
