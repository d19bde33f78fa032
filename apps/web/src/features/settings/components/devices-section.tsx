import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { formatDateTime } from '@/i18n/format';
import { useEndOtherSessionsMutation, useEndSessionMutation, useListSessionsQuery } from '../api';
import { useErrorText } from '../hooks/use-messages';
import { SettingsSection } from './settings-section';
import { TabState } from './tab-state';
import rowList from '@/components/ui/row-list.module.css';
import styles from './settings.module.css';

/** Where the account is signed in; any other device can be signed out, one by one or all at once. */
export function DevicesSection() {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const query = useListSessionsQuery();
  const [endOne, endOneState] = useEndSessionMutation();
  const [endOthers, endOthersState] = useEndOtherSessionsMutation();
  const [confirmAll, setConfirmAll] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const sessions = query.data ?? [];
  const others = sessions.filter((session) => !session.current).length;

  const signOut = async (id: string) => {
    setError(null);
    setNotice(null);
    try {
      await endOne(id).unwrap();
      setNotice(t('settings:device_signed_out'));
    } catch (failure) {
      setError(errorText(failure));
    }
    void query.refetch();
  };

  return (
    <SettingsSection
      id="security-devices"
      title={t('settings:devices_heading')}
      text={t('settings:devices_text')}
      actions={
        others > 0 ? (
          <Button variant="secondary" size="sm" onClick={() => setConfirmAll(true)}>
            {t('settings:sign_out_others')}
          </Button>
        ) : null
      }
    >
      <TabState query={query}>
        <ul className={rowList.list} aria-label={t('settings:devices_heading')}>
          {sessions.map((session) => (
            <li key={session.id} className={`${rowList.row} ${styles.device}`} data-testid="device-row">
              <div className={styles.toggleText}>
                <span className={styles.toggleLabel} id={`device-${session.id}`}>
                  {session.deviceName || t('settings:device_unknown')}
                  {session.current ? <span className={`${styles.pill} ${styles.pillOn}`}>{t('settings:device_current')}</span> : null}
                </span>
                <span className={styles.toggleDescription}>
                  {t('settings:device_meta', {
                    type: session.deviceType,
                    signedIn: formatDateTime(session.createdAt, i18n.language),
                    seen: formatDateTime(session.lastSeenAt, i18n.language),
                  })}
                </span>
              </div>
              {!session.current ? (
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => void signOut(session.id)}
                  loading={endOneState.isLoading && endOneState.originalArgs === session.id}
                  aria-describedby={`device-${session.id}`}
                >
                  {t('settings:device_sign_out')}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      </TabState>
      {error ? (
        <Alert tone="error" className={styles.inlineAlert}>
          {error}
        </Alert>
      ) : null}
      {notice ? (
        <Alert tone="success" className={styles.inlineAlert}>
          {notice}
        </Alert>
      ) : null}
      <ConfirmModal
        open={confirmAll}
        onOpenChange={setConfirmAll}
        title={t('settings:sign_out_others_title')}
        description={t('settings:sign_out_others_text', { count: others })}
        confirmLabel={t('settings:sign_out_others')}
        danger
        loading={endOthersState.isLoading}
        onConfirm={async () => {
          setError(null);
          try {
            const result = await endOthers().unwrap();
            setNotice(t('settings:others_signed_out', { count: result.ended }));
          } catch (failure) {
            setError(errorText(failure));
          }
          setConfirmAll(false);
          void query.refetch();
        }}
      />
    </SettingsSection>
  );
}
