import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { startSocialSignIn } from '@/features/auth/social-start.public';
import { useAppleDisconnectMutation, useGoogleDisconnectMutation, useSocialProvidersQuery, useSocialStatusQuery } from '../api';
import { useErrorText } from '../hooks/use-messages';
import { DataExportSection } from './data-export-section';
import { DropboxSection } from './dropbox-section';
import { TakeoutSection } from './takeout-section';
import { SettingsSection, StatusPill } from './settings-section';
import { TabState } from './tab-state';
import rowList from '@/components/ui/row-list.module.css';
import styles from './settings.module.css';

type Provider = 'google' | 'apple';
const PROVIDERS: readonly Provider[] = ['google', 'apple'];

/** Google and Apple sign-in linked to this account (connect through the provider's page, or disconnect), the Dropbox import and the download of all my data. */
export function ConnectedAccountsTab() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const status = useSocialStatusQuery();
  const providers = useSocialProvidersQuery();
  const [starting, setStarting] = useState<Provider | null>(null);
  const [disconnectGoogle, googleState] = useGoogleDisconnectMutation();
  const [disconnectApple, appleState] = useAppleDisconnectMutation();
  const [confirm, setConfirm] = useState<Provider | null>(null);
  const [error, setError] = useState<string | null>(null);
  const names: Record<Provider, string> = { google: 'Google', apple: 'Apple' };

  const connect = async (provider: Provider) => {
    setError(null);
    setStarting(provider);
    try {
      // Off to the provider's page; it sends the browser back to the sign-in callback, which links the identity.
      await startSocialSignIn(provider, 'connect');
    } catch (failure) {
      setError(errorText(failure));
      setStarting(null);
    }
  };

  const disconnect = async (provider: Provider) => {
    setError(null);
    try {
      await (provider === 'google' ? disconnectGoogle() : disconnectApple()).unwrap();
    } catch (failure) {
      setError(errorText(failure));
    }
    setConfirm(null);
  };

  return (
    <div className={styles.sections}>
      <SettingsSection id="connected-accounts" title={t('settings:connected_heading')} text={t('settings:connected_text')}>
        <TabState query={status}>
          <ul className={rowList.list}>
            {PROVIDERS.map((provider) => {
              const entry = status.data?.[provider];
              const available = providers.data?.[provider] ?? false;
              return (
                <li key={provider} className={`${rowList.row} ${styles.device}`} data-testid={`connected-${provider}`}>
                  <div className={styles.toggleText}>
                    <span className={styles.toggleLabel}>
                      {names[provider]} <StatusPill on={Boolean(entry?.connected)} onText={t('settings:connected')} offText={t('settings:not_connected')} />
                    </span>
                    <span className={styles.toggleDescription}>
                      {entry?.connected ? entry.email ?? '' : available ? t('settings:connect_hint', { provider: names[provider] }) : t('settings:provider_unavailable')}
                    </span>
                  </div>
                  {entry?.connected ? (
                    <Button variant="ghost" size="sm" onClick={() => setConfirm(provider)}>
                      {t('settings:disconnect')}
                    </Button>
                  ) : available ? (
                    <Button
                      variant="secondary"
                      size="sm"
                      onClick={() => void connect(provider)}
                      loading={starting === provider}
                    >
                      {t('settings:connect', { provider: names[provider] })}
                    </Button>
                  ) : null}
                </li>
              );
            })}
          </ul>
          {error ? <Alert tone="error">{error}</Alert> : null}
        </TabState>
      </SettingsSection>
      <DropboxSection />
      <TakeoutSection />
      <DataExportSection />
      <ConfirmModal
        open={confirm !== null}
        onOpenChange={(open) => {
          if (!open) setConfirm(null);
        }}
        title={t('settings:disconnect_title', { provider: confirm ? names[confirm] : '' })}
        description={t('settings:disconnect_text', { provider: confirm ? names[confirm] : '' })}
        confirmLabel={t('settings:disconnect')}
        danger
        loading={googleState.isLoading || appleState.isLoading}
        onConfirm={() => {
          if (confirm) void disconnect(confirm);
        }}
      />
    </div>
  );
}
