import { useCallback, useEffect, useId, useRef, useState, type UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ChevronStartIcon, CloseIcon, ContactsIcon, SearchIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/loader';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/i18n/format';
import { useSearchPagesInfiniteQuery, useVersionPagesInfiniteQuery, type ContactItem } from '../api';
import { ContactCardModal } from './contact-card-modal';
import styles from './contacts.module.css';

/** Spec: a search starts from 2 characters, after a 300 ms pause. */
export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_DEBOUNCE_MS = 300;
/** Spec: the next page loads within 10 px of the bottom, at most once per 300 ms. */
const BOTTOM_PX = 10;
const SCROLL_THROTTLE_MS = 300;
/** Spec: the extra spinner in the list shows once more than 50 contacts are loaded. */
const EXTRA_SPINNER_AFTER = 50;

function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

function ContactRow({ contact, onOpen }: { contact: ContactItem; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <tr>
      <th scope="row" data-label={t('contacts:NAME')}>
        <button type="button" className={styles.nameButton} onClick={onOpen}>
          <bdi>{contact.name}</bdi>
        </button>
      </th>
      <td data-label={t('contacts:PHONE_NUMBER')}>
        {contact.phones.map((p) => (
          <bdi key={p} dir="ltr" className={styles.cellLine}>
            {p}
          </bdi>
        ))}
      </td>
      <td data-label={t('contacts:WEB_EMAIL')}>
        {contact.emails.map((e) => (
          <bdi key={e} dir="ltr" className={styles.cellLine}>
            {e}
          </bdi>
        ))}
      </td>
    </tr>
  );
}

/** /main/contacts/{id}?date=&count=: one backup version's contacts, 100 a page, with search (spec 001 §2–§5). */
export function VersionScreen() {
  const { ready } = useTranslation('contacts');
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const date = Number(params.get('date'));
  const count = Math.max(0, Number(params.get('count')) || 0);
  const [text, setText] = useState('');
  const typed = text.trim();
  const debounced = useDebounced(typed, SEARCH_DEBOUNCE_MS);
  // An empty box cancels at once; a short one does not search.
  const query = typed.length >= SEARCH_MIN_LENGTH ? debounced : '';
  const searching = query.length >= SEARCH_MIN_LENGTH;
  const list = useVersionPagesInfiniteQuery({ id, total: count }, { skip: !id || searching });
  const found = useSearchPagesInfiniteQuery({ query, versionId: id }, { skip: !searching });
  const active = searching ? found : list;
  const items = searching ? (found.data?.pages.flatMap((p) => p.items) ?? []) : (list.data?.pages.flat() ?? []);
  const [open, setOpen] = useState<ContactItem | null>(null);
  const lastLoad = useRef(0);
  const resultsId = useId();

  const loadMore = useCallback(() => {
    if (!active.hasNextPage || active.isFetching) return;
    void active.fetchNextPage();
  }, [active]);

  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    if (el.scrollHeight - el.scrollTop - el.clientHeight > BOTTOM_PX) return;
    const now = Date.now();
    if (now - lastLoad.current < SCROLL_THROTTLE_MS) return;
    lastLoad.current = now;
    loadMore();
  };

  if (!ready) return <Spinner size={32} />;
  const loadingFirst = active.isLoading || (active.isFetching && items.length === 0);

  return (
    <div className={styles.page}>
      <nav aria-label={t('contacts:breadcrumb')}>
        <Link to={paths.contacts} className={styles.back}>
          <ChevronStartIcon size={18} className={styles.flip} />
          {t('contacts:back')}
        </Link>
      </nav>
      <header className={styles.header}>
        <h2 className={styles.heading}>{Number.isFinite(date) && date > 0 ? t('contacts:header_date', { date: formatDateTime(date, i18n.language) }) : t('contacts:back')}</h2>
        <p className={styles.meta}>{t('contacts:count', { count })}</p>
      </header>
      <div className={styles.search} role="search">
        <SearchIcon size={18} className={styles.searchIcon} />
        <label htmlFor={`${resultsId}-q`} className="visually-hidden">
          {t('contacts:search_label')}
        </label>
        <input
          id={`${resultsId}-q`}
          type="search"
          className={styles.searchInput}
          value={text}
          placeholder={t('contacts:search_placeholder')}
          onChange={(e) => setText(e.target.value)}
          aria-describedby={searching ? resultsId : undefined}
        />
        {text ? (
          <Button variant="ghost" size="sm" iconOnly aria-label={t('contacts:search_clear')} onClick={() => setText('')}>
            <CloseIcon size={16} />
          </Button>
        ) : null}
      </div>
      {searching && found.data ? (
        <p id={resultsId} className={styles.results} role="status">
          {t('contacts:results', { count: found.data.pages[0]?.totalCount ?? 0 })}
        </p>
      ) : null}
      {loadingFirst ? (
        <div className={styles.center}>
          <Spinner size={32} label={t('contacts:loading')} />
        </div>
      ) : items.length === 0 ? (
        <EmptyState icon={<ContactsIcon size={32} />} title={t('contacts:WEB_NO_CONTACTS')} />
      ) : (
        <div className={styles.scroller} onScroll={onScroll} tabIndex={0} role="region" aria-label={t('contacts:list_label')} data-testid="contacts-scroller">
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t('contacts:NAME')}</th>
                <th scope="col">{t('contacts:PHONE_NUMBER')}</th>
                <th scope="col">{t('contacts:WEB_EMAIL')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((c) => (
                <ContactRow key={c.id} contact={c} onOpen={() => setOpen(c)} />
              ))}
            </tbody>
          </table>
          {active.isFetchingNextPage && items.length > EXTRA_SPINNER_AFTER ? (
            <div className={styles.center}>
              <Spinner size={24} label={t('contacts:loading_more')} />
            </div>
          ) : null}
        </div>
      )}
      {open ? <ContactCardModal versionId={id} contact={open} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}
