import { useCallback, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Spinner } from '@/components/ui/loader';
import { discoverPaths } from '@/config/paths';
import { useListPeoplePagesInfiniteQuery, useListPlacesPagesInfiniteQuery, useListThingsPagesInfiniteQuery } from '../api';
import { useDiscoverTranslation } from '../use-discover-translation';
import { LoadError, PersonCard, PlaceCard, ThingCard } from './cards';
import styles from './discover.module.css';
import { AnalysisProgress, isAnalysing, RecognitionTeaser, useFaceRecognition, useRefetchOnProgress } from './recognition';

/** How many cards a row shows before "See all". */
const ROW_SIZE = 12;

/**
 * /main/discover: People (face crops; the teaser without premium), Places (cover, city, country) and Things (cover and
 * the translated class), each a row with "See all".
 */
export function DiscoverScreen() {
  const { t, i18n } = useDiscoverTranslation();
  const recognition = useFaceRecognition();
  const state = recognition.data;
  const peopleOn = Boolean(state?.premium && state.enabled);
  const people = useListPeoplePagesInfiniteQuery('ACTIVE', { skip: !peopleOn });
  const analysing = isAnalysing(state);
  const refetchPeople = people.refetch;
  // Each step of the analysis may have found someone: the row fills in while it runs, not only at the end.
  useRefetchOnProgress(peopleOn ? state : undefined, useCallback(() => void refetchPeople(), [refetchPeople]));
  const places = useListPlacesPagesInfiniteQuery(i18n.language);
  const things = useListThingsPagesInfiniteQuery();

  const personList = people.data?.pages.flatMap((page) => page.people) ?? [];
  const placeList = places.data?.pages.flatMap((page) => page.places) ?? [];
  const thingList = things.data?.pages.flatMap((page) => page.things) ?? [];

  return (
    <div className={styles.screen} data-testid="discover-screen">
      {/* The shell's header carries the page's h1 ("Discover"). */}
      {state && !state.premium ? <RecognitionTeaser /> : null}

      {peopleOn ? (
        <Row
          title={t('discover:section_people')}
          to={discoverPaths.people}
          loading={people.isLoading || recognition.isLoading}
          failed={people.isError}
          onRetry={() => void people.refetch()}
          empty={personList.length === 0 ? t('discover:people_empty') : null}
          extra={<AnalysisProgress done={state!.done} total={state!.total} />}
          waiting={analysing && personList.length === 0}
          people
        >
          {personList.slice(0, ROW_SIZE).map((person) => (
            <li key={person.personId}>
              <PersonCard person={person} to={discoverPaths.person(person.personId)} />
            </li>
          ))}
        </Row>
      ) : state?.premium ? (
        <section className={styles.section}>
          <h2 className={styles.sectionTitle}>{t('discover:section_people')}</h2>
          <p className={styles.muted}>{t('discover:recognition_disabled_text')}</p>
          <Link to={discoverPaths.people} className={styles.seeAll}>
            {t('discover:recognition_label')}
          </Link>
        </section>
      ) : null}

      <Row
        title={t('discover:section_places')}
        to={discoverPaths.places}
        loading={places.isLoading}
        failed={places.isError}
        onRetry={() => void places.refetch()}
        empty={placeList.length === 0 ? t('discover:places_empty') : null}
      >
        {placeList.slice(0, ROW_SIZE).map((place) => (
          <li key={place.id}>
            <PlaceCard place={place} />
          </li>
        ))}
      </Row>

      <Row
        title={t('discover:section_things')}
        to={discoverPaths.things}
        loading={things.isLoading}
        failed={things.isError}
        onRetry={() => void things.refetch()}
        empty={thingList.length === 0 ? t('discover:things_empty') : null}
      >
        {thingList.slice(0, ROW_SIZE).map((thing) => (
          <li key={thing.id}>
            <ThingCard thing={thing} />
          </li>
        ))}
      </Row>
    </div>
  );
}

interface RowProps {
  title: string;
  to: string;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  /** The text shown instead of cards when there are none. */
  empty: string | null;
  extra?: ReactNode;
  /** Nothing to show yet but work under way (`extra` says what): no "empty" text, no "See all". */
  waiting?: boolean;
  people?: boolean;
  children: ReactNode;
}

function Row({ title, to, loading, failed, onRetry, empty, extra, waiting = false, people = false, children }: RowProps) {
  const { t } = useDiscoverTranslation();
  const id = `discover-row-${to.split('/').pop()}`;
  return (
    <section className={styles.section} aria-labelledby={id}>
      <div className={styles.sectionHeader}>
        <h2 id={id} className={styles.sectionTitle}>
          {title}
        </h2>
        {!loading && !failed && !empty && !waiting ? (
          <Link to={to} className={styles.seeAll} aria-label={t('discover:see_all_label', { section: title })}>
            {t('discover:see_all')}
          </Link>
        ) : null}
      </div>
      {extra}
      {loading ? (
        <Spinner size={24} label={t('common:loading')} />
      ) : failed ? (
        <LoadError onRetry={onRetry} />
      ) : waiting ? null : empty ? (
        <p className={styles.muted}>{empty}</p>
      ) : (
        <ul className={`${styles.row} ${people ? styles.peopleRow : ''}`}>{children}</ul>
      )}
    </section>
  );
}
