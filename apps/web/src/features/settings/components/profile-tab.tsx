import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetAccountInfoQuery, type AccountInfo } from '@/api/account';
import { useAppDispatch } from '@/app/hooks';
import { LanguageSelect } from '@/components/language-select';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/loader';
import { NameFields } from '@/components/ui/name-fields';
import { showToast } from '@/components/ui/toast-slice';
import { changeLanguage, currentLanguage } from '@/i18n/i18n';
import type { Language } from '@/i18n/languages';
import { useSetLanguageMutation, useSetNameSurnameMutation } from '../api';
import styles from './settings.module.css';

function NameForm({ info }: { info: AccountInfo }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [name, setName] = useState(info.name ?? '');
  const [surname, setSurname] = useState(info.surname ?? '');
  const [update, { isLoading }] = useSetNameSurnameMutation();
  const unchanged = name.trim() === (info.name ?? '') && surname.trim() === (info.surname ?? '');

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      await update({ name: name.trim(), surname: surname.trim() }).unwrap();
      dispatch(showToast({ kind: 'success', messageKey: 'settings:saved' }));
    } catch {
      dispatch(showToast({ kind: 'error', messageKey: 'settings:save_error' }));
    }
  };

  return (
    <form className={styles.form} onSubmit={handleSubmit}>
      <NameFields
        className={styles.grid}
        nameLabel={t('settings:name_label')}
        surnameLabel={t('settings:surname_label')}
        name={name}
        surname={surname}
        onNameChange={setName}
        onSurnameChange={setSurname}
        nameTestId="settings-name"
        surnameTestId="settings-surname"
      />
      <div className={styles.actions}>
        <Button type="submit" loading={isLoading} disabled={unchanged}>
          {t('settings:save')}
        </Button>
      </div>
    </form>
  );
}

function LanguageSection() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [updateLanguage, { isLoading }] = useSetLanguageMutation();

  const handleChange = async (language: Language) => {
    // The interface switches at once; the account keeps the choice for e-mails and other devices.
    await changeLanguage(language);
    try {
      await updateLanguage({ language }).unwrap();
      dispatch(showToast({ kind: 'success', messageKey: 'settings:language_saved' }));
    } catch {
      dispatch(showToast({ kind: 'error', messageKey: 'settings:language_error' }));
    }
  };

  return (
    <LanguageSelect
      value={currentLanguage()}
      onChange={(language) => void handleChange(language)}
      disabled={isLoading}
      hideLabel
      hint={t('settings:language_hint')}
    />
  );
}

export function ProfileTab() {
  const { t } = useTranslation();
  const { data: info, isLoading, isError, refetch } = useGetAccountInfoQuery();

  if (isLoading) {
    return (
      <div className={styles.center}>
        <Spinner size={32} />
      </div>
    );
  }
  if (isError || !info) {
    return (
      <Alert tone="error">
        {t('settings:load_error')}{' '}
        <Button variant="link" onClick={() => refetch()}>
          {t('common:retry')}
        </Button>
      </Alert>
    );
  }
  const phone = info.phoneNumber ? (info.countryCode ? `+${info.countryCode.replace(/^\+/, '')} ${info.phoneNumber}` : info.phoneNumber) : null;

  return (
    <div className={styles.sections}>
      <section className={styles.section} aria-labelledby="profile-personal">
        <header className={styles.sectionHeader}>
          <h2 id="profile-personal">{t('settings:personal_heading')}</h2>
          <p>{t('settings:personal_text')}</p>
        </header>
        <NameForm key={info.uuid} info={info} />
      </section>
      <section className={styles.section} aria-labelledby="profile-contact">
        <header className={styles.sectionHeader}>
          <h2 id="profile-contact">{t('settings:contact_heading')}</h2>
        </header>
        <dl className={styles.details}>
          <div>
            <dt>{t('settings:email_label')}</dt>
            <dd>{info.email || t('settings:not_set')}</dd>
          </div>
          <div>
            <dt>{t('settings:phone_label')}</dt>
            <dd>{phone ? <bdi>{phone}</bdi> : t('settings:not_set')}</dd>
          </div>
        </dl>
      </section>
      <section className={styles.section} aria-labelledby="profile-language">
        <header className={styles.sectionHeader}>
          <h2 id="profile-language">{t('settings:language_heading')}</h2>
        </header>
        <div className={styles.narrow}>
          <LanguageSection />
        </div>
      </section>
    </div>
  );
}
