import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOpsSearchSubscribersQuery } from '../api/endpoints';
import { opsPaths } from '../api/session';
import { AddressSearch, useAddressQuery } from '../components/address-search';
import { when } from '../components/format';
import { Page, StatusPill } from '../components/page';
import { subscriberStatusTone } from '../components/status';

/** /ops/subscribers — find a subscriber by phone, e-mail, name or id (the query is kept in the address). */
export function SubscribersScreen() {
  const { t } = useTranslation();
  const [q, setQ] = useAddressQuery();
  const search = useOpsSearchSubscribersQuery({ q, limit: 50 }, { skip: q.trim().length === 0 });
  const items = search.data?.items ?? [];
  return (
    <Page title={t('ops:menu_subscribers')}>
      <AddressSearch
        label={t('ops:subscriber_search')}
        hint={t('ops:subscriber_search_hint')}
        query={q}
        onSearch={setQ}
        result={{ isFetching: search.isFetching, hasData: !!search.data, error: search.error, refetch: search.refetch, count: items.length }}
        head={
          <tr>
            <th scope="col">{t('ops:name')}</th>
            <th scope="col">{t('ops:phone')}</th>
            <th scope="col">{t('ops:email')}</th>
            <th scope="col">{t('ops:status')}</th>
            <th scope="col">{t('ops:plan')}</th>
            <th scope="col">{t('ops:created_at')}</th>
          </tr>
        }
      >
        {items.map((s) => (
          <tr key={s.id}>
            <th scope="row">
              <Link to={opsPaths.subscriber(s.id)}>{[s.name, s.surname].filter(Boolean).join(' ') || s.email || s.phone || s.id}</Link>
            </th>
            <td dir="ltr">{s.phone ?? '—'}</td>
            <td>{s.email ?? '—'}</td>
            <td>
              <StatusPill tone={subscriberStatusTone(s.status)}>{t(`ops:status_${s.status}`, { defaultValue: s.status })}</StatusPill>
            </td>
            <td>{s.planCode ?? '—'}</td>
            <td>{when(s.createdAt)}</td>
          </tr>
        ))}
      </AddressSearch>
    </Page>
  );
}
