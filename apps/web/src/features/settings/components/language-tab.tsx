import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '@/state/hooks';
import { LanguageSelect } from '@/components/language-select';
import { showToast } from '@/components/ui/toast-slice';
import { changeLanguage, currentLanguage } from '@/i18n/i18n';
import type { Language } from '@/i18n/languages';
import { useSetLanguageMutation } from '../api';
import { SettingsSection } from './settings-section';
import styles from './settings.module.css';

export function LanguageTab() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [updateLanguage, { isLoading }] = useSetLanguageMutation();

  const handleChange = async (language: Language) => {
    try {
      // The account's language is the interface's (issue 26): it changes once the account keeps it, so a reload or
      // another device never shows a choice the account does not have.
      await updateLanguage({ language }).unwrap();
    } catch {
      dispatch(showToast({ kind: 'error', messageKey: 'settings:language_error' }));
      return;
    }
    await changeLanguage(language);
    dispatch(showToast({ kind: 'success', messageKey: 'settings:language_saved' }));
  };

  return (
    <div className={styles.sections}>
      <SettingsSection id="settings-language" title={t('settings:language_heading')} text={t('settings:language_text')}>
        <div className={styles.narrow}>
          <LanguageSelect value={currentLanguage()} onChange={(language) => void handleChange(language)} disabled={isLoading} hideLabel hint={t('settings:language_hint')} />
        </div>
      </SettingsSection>
    </div>
  );
}
