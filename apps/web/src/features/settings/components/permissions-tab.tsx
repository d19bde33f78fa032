import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetRemoteConfigQuery } from '@/api/remote-config';
import { Alert } from '@/components/ui/alert';
import { currentLanguage } from '@/i18n/i18n';
import { formatDateTime } from '@/i18n/format';
import { renderSafeHtml } from '@/lib/safe-html';
import { useListPermissionsQuery, useUpdatePermissionsMutation, type Permission } from '../api';
import { useErrorText } from '../hooks/use-messages';
import { SettingsSection } from './settings-section';
import { TabState } from './tab-state';
import { ToggleRow } from './toggle-row';
import styles from './settings.module.css';

const WEB_CLIENT = 3;

/** A remote-config text in the interface language (they may hold simple markup, rendered safely). */
function useRemoteText(parameter: string) {
  const language = currentLanguage();
  const { data } = useGetRemoteConfigQuery({ client: WEB_CLIENT, parameter, 'x-client-language': language });
  return data ? renderSafeHtml(data) : null;
}

/** Consents: commercial messages (ETK), personal data processing (KVKK) and the global permission. */
export function PermissionsTab() {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const query = useListPermissionsQuery(undefined);
  const [update, { isLoading }] = useUpdatePermissionsMutation();
  const [error, setError] = useState<string | null>(null);
  const intro = useRemoteText('text_etk_and_kvkk');
  const texts: Partial<Record<Permission['type'], React.ReactNode>> = {
    ETK: useRemoteText('etk_permission_description'),
    KVKK: useRemoteText('kvkk_toggle_text'),
    GLOBAL: t('settings:permission_global_text'),
  };
  // Mobile payment is its own consent, asked for where it is used (spec: ?permissionType=MOBILE_PAYMENT).
  const shown = (query.data ?? []).filter((permission) => permission.type !== 'MOBILE_PAYMENT');

  const toggle = async (permission: Permission, isApproved: boolean) => {
    setError(null);
    try {
      await update([{ type: permission.type, isApproved }]).unwrap();
    } catch (failure) {
      setError(errorText(failure));
    }
  };

  return (
    <div className={styles.sections}>
      <SettingsSection id="permissions" title={t('settings:permissions_heading')} text={t('settings:permissions_text')}>
        <TabState query={query}>
          {intro ? <div className={styles.legalText}>{intro}</div> : null}
          <div className={styles.toggleList}>
            {shown.map((permission) => (
              <div key={permission.type}>
                <ToggleRow
                  label={t(`settings:permission_${permission.type}` as 'settings:permission_ETK')}
                  description={texts[permission.type] ?? undefined}
                  checked={permission.isApproved}
                  disabled={!permission.isEditable || isLoading}
                  onChange={(next) => void toggle(permission, next)}
                  data-testid={`permission-${permission.type}`}
                />
                {permission.updatedAt ? (
                  <p className={styles.muted}>{t('settings:permission_updated', { date: formatDateTime(permission.updatedAt, i18n.language) })}</p>
                ) : null}
              </div>
            ))}
          </div>
          {error ? <Alert tone="error">{error}</Alert> : null}
        </TabState>
      </SettingsSection>
    </div>
  );
}
