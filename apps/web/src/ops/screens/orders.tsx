import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOpsSearchOrdersQuery } from '../api/endpoints';
import { opsPaths } from '../api/session';
import { AddressSearch, useAddressQuery } from '../components/address-search';
import { money, when } from '../components/format';
import { Page, StatusPill } from '../components/page';
import { subscriberStatusTone } from '../components/status';
import styles from '../components/page.module.css';

/** /ops/orders — find an order by its number, the subscriber (id, phone, e-mail) or a card's last four digits. */
export function OrdersScreen() {
  const { t } = useTranslation();
  const [q, setQ] = useAddressQuery();
  const search = useOpsSearchOrdersQuery(q, { skip: !q.trim() });
  const items = search.data?.items ?? [];
  return (
    <Page title={t('ops:menu_orders')} actions={<Link to={opsPaths.reconciliation}>{t('ops:menu_reconciliation')}</Link>}>
      <AddressSearch
        label={t('ops:order_search')}
        hint={t('ops:order_search_hint')}
        query={q}
        onSearch={setQ}
        result={{ isFetching: search.isFetching, hasData: !!search.data, error: search.error, refetch: search.refetch, count: items.length }}
        head={
          <tr>
            <th scope="col">{t('ops:order_number')}</th>
            <th scope="col">{t('ops:subscriber')}</th>
            <th scope="col">{t('ops:plan')}</th>
            <th scope="col" className={styles.num}>
              {t('ops:amount')}
            </th>
            <th scope="col">{t('ops:status')}</th>
            <th scope="col">{t('ops:created_at')}</th>
          </tr>
        }
      >
        {items.map((order) => (
          <tr key={order.id}>
            <th scope="row">
              <Link to={opsPaths.order(order.id)} className={styles.code}>
                {order.id}
              </Link>
            </th>
            <td>{order.subscriberEmail ?? order.accountId}</td>
            <td>{order.packageCode ?? '—'}</td>
            <td className={styles.num}>{money(order.amountMinor, order.currency)}</td>
            <td>
              <StatusPill tone={subscriberStatusTone(order.status)}>{order.status}</StatusPill>
            </td>
            <td>{when(order.createdAt)}</td>
          </tr>
        ))}
      </AddressSearch>
    </Page>
  );
}
