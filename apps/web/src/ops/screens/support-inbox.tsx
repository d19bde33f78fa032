import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { SelectField } from '@/components/ui/field';
import { useSearchParamSetter } from '@/hooks/use-search-param-setter';
import { NATIVE_LANGUAGE_NAMES, SUPPORTED_LANGUAGES } from '@/i18n/languages';
import { opsPaths } from '../api/session';
import { when } from '../components/format';
import { Page, StatusPill } from '../components/page';
import { QueryState } from '../components/query-state';
import { useAgentSocket } from '../support/agent-socket';
import { supportEndpoints, useOpsSupportInboxQuery } from '../support/endpoints';
import { supportStateTone } from '../support/support-status';
import type { InboxFilter } from '../support/types';
import { useDispatch } from 'react-redux';
import styles from '../components/page.module.css';
import own from '../support/support.module.css';

const STATES = ['waiting_agent', 'waiting_subscriber', 'open', 'solved', 'new', 'done'] as const;

/**
 * /ops/support — open tickets and feedback, longest waiting first (the server's order), filtered by state, language,
 * kind and type (kept in the address). The socket's ticket frames refresh the list as conversations move.
 */
export function SupportInboxScreen() {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const [params] = useSearchParams();
  const filter: InboxFilter = {
    ...(params.get('state') ? { state: params.get('state')! } : {}),
    ...(params.get('language') ? { language: params.get('language')! } : {}),
    ...(params.get('kind') ? { kind: params.get('kind') as InboxFilter['kind'] } : {}),
    ...(params.get('type') ? { type: params.get('type') as InboxFilter['type'] } : {}),
  };
  const inbox = useOpsSupportInboxQuery(filter);
  const { connected } = useAgentSocket({
    onFrame: (frame) => {
      if (frame.type === 'ticket') dispatch(supportEndpoints.util.invalidateTags([{ type: 'Support', id: 'INBOX' }]));
    },
  });
  const set = useSearchParamSetter();
  const items = inbox.data?.items ?? [];

  return (
    <Page
      title={t('ops_support:inbox_title')}
      testId="support-inbox"
      actions={
        <>
          <Link to={opsPaths.supportCanned}>{t('ops_support:canned_manage')}</Link>
          <StatusPill tone={connected ? 'ok' : 'warn'}>{t(connected ? 'ops_support:live' : 'ops_support:offline')}</StatusPill>
        </>
      }
    >
      <form className={own.filters} role="search" aria-label={t('ops_support:filters')} onSubmit={(e) => e.preventDefault()}>
        <SelectField label={t('ops_support:filter_state')} value={filter.state ?? ''} onChange={(e) => set('state', e.target.value)}>
          <option value="">{t('ops_support:state_all_open')}</option>
          {STATES.map((state) => (
            <option key={state} value={state}>
              {t(`ops_support:state_${state}`)}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('ops_support:filter_language')} value={filter.language ?? ''} onChange={(e) => set('language', e.target.value)}>
          <option value="">{t('ops_support:all')}</option>
          {SUPPORTED_LANGUAGES.map((language) => (
            <option key={language} value={language}>
              {NATIVE_LANGUAGE_NAMES[language]}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('ops_support:filter_kind')} value={filter.kind ?? ''} onChange={(e) => set('kind', e.target.value)}>
          <option value="">{t('ops_support:all')}</option>
          <option value="ticket">{t('ops_support:kind_ticket')}</option>
          <option value="feedback">{t('ops_support:kind_feedback')}</option>
        </SelectField>
        <SelectField label={t('ops_support:filter_type')} value={filter.type ?? ''} onChange={(e) => set('type', e.target.value)}>
          <option value="">{t('ops_support:all')}</option>
          <option value="SUGGESTION">{t('ops_support:type_SUGGESTION')}</option>
          <option value="COMPLAINT">{t('ops_support:type_COMPLAINT')}</option>
        </SelectField>
      </form>
      <QueryState isLoading={inbox.isLoading} error={inbox.error} onRetry={() => void inbox.refetch()}>
        {items.length === 0 ? (
          <p className={styles.muted}>{t('ops_support:inbox_empty')}</p>
        ) : (
          <div className={styles.tableWrap} tabIndex={0} role="region" aria-label={t('ops_support:inbox_title')}>
            <table className={styles.table} aria-label={t('ops_support:inbox_title')}>
              <thead>
                <tr>
                  <th scope="col">{t('ops_support:column_subject')}</th>
                  <th scope="col">{t('ops_support:column_kind')}</th>
                  <th scope="col">{t('ops_support:column_state')}</th>
                  <th scope="col">{t('ops_support:column_language')}</th>
                  <th scope="col">{t('ops_support:column_waiting')}</th>
                  <th scope="col">{t('ops_support:column_assignee')}</th>
                </tr>
              </thead>
              <tbody>
                {items.map((item) => (
                  <tr key={`${item.kind}-${item.id}`} data-testid="support-inbox-row">
                    <th scope="row" className={own.preview}>
                      <Link to={item.kind === 'ticket' ? opsPaths.supportTicket(item.id) : opsPaths.supportFeedback(item.id)}>
                        {item.preview || t('ops_support:no_text')}
                      </Link>
                    </th>
                    <td>{item.kind === 'ticket' ? t('ops_support:kind_ticket') : t(`ops_support:type_${item.type === 'COMPLAINT' ? 'COMPLAINT' : 'SUGGESTION'}`)}</td>
                    <td>
                      <StatusPill tone={supportStateTone(item.state)}>{t(`ops_support:state_${item.state}`, { defaultValue: item.state })}</StatusPill>
                    </td>
                    <td>{NATIVE_LANGUAGE_NAMES[item.language as keyof typeof NATIVE_LANGUAGE_NAMES] ?? item.language}</td>
                    <td>{when(item.waitingSince)}</td>
                    <td>{item.assigneeName ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryState>
    </Page>
  );
}
