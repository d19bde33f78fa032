import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetAccountInfoQuery, type AccountInfo } from '@/api/account';
import { useAppDispatch } from '@/state/hooks';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { NameFields } from '@/components/ui/name-fields';
import { showToast } from '@/components/ui/toast-slice';
import { useSetAddressMutation, useSetBirthdayMutation, useSetNameSurnameMutation } from '../api';
import { useErrorText, useProblemText } from '../hooks/use-messages';
import { ADDRESS_MAX_LENGTH, checkAddress, checkBirthday, localToday } from '../validation';
import { EmailSection } from './email-section';
import { PhoneSection } from './phone-section';
import { PhotoSection } from './photo-section';
import { SettingsSection } from './settings-section';
import { TabState } from './tab-state';
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

function BirthdayAddressForm({ info }: { info: AccountInfo }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const problemText = useProblemText();
  const errorText = useErrorText();
  const [birthday, setBirthday] = useState(info.birthday ?? '');
  const [address, setAddress] = useState(info.address ?? '');
  const [errors, setErrors] = useState<{ birthday?: string; address?: string }>({});
  const [saveBirthday, birthdayState] = useSetBirthdayMutation();
  const [saveAddress, addressState] = useSetAddressMutation();
  const today = localToday();
  const birthdayChanged = birthday !== (info.birthday ?? '');
  const addressChanged = address.trim() !== (info.address ?? '');

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = {
      birthday: birthdayChanged ? problemText(checkBirthday(birthday, today), t('settings:birthday_label')) : undefined,
      address: addressChanged ? problemText(checkAddress(address), t('settings:address_label')) : undefined,
    };
    setErrors(found);
    if (found.birthday || found.address) return;
    try {
      if (birthdayChanged) await saveBirthday({ birthday }).unwrap();
      if (addressChanged) await saveAddress({ address: address.trim() }).unwrap();
      dispatch(showToast({ kind: 'success', messageKey: 'settings:saved' }));
    } catch (failure) {
      setErrors({ address: errorText(failure) });
    }
  };

  return (
    <form className={styles.form} onSubmit={handleSubmit} noValidate>
      <div className={styles.grid}>
        <TextField
          label={t('settings:birthday_label')}
          type="date"
          min="1900-01-01"
          max={today}
          value={birthday}
          onChange={(event) => setBirthday(event.target.value)}
          error={errors.birthday}
          autoComplete="bday"
        />
      </div>
      <TextField
        label={t('settings:address_label')}
        value={address}
        maxLength={ADDRESS_MAX_LENGTH}
        onChange={(event) => setAddress(event.target.value)}
        error={errors.address}
        hint={t('settings:address_hint', { max: ADDRESS_MAX_LENGTH })}
        autoComplete="street-address"
      />
      <div className={styles.actions}>
        <Button type="submit" loading={birthdayState.isLoading || addressState.isLoading} disabled={!birthdayChanged && !addressChanged}>
          {t('settings:save')}
        </Button>
      </div>
    </form>
  );
}

export function ProfileTab() {
  const { t } = useTranslation();
  const query = useGetAccountInfoQuery();
  const info = query.data;

  return (
    <TabState query={query}>
      {info ? (
        <div className={styles.sections}>
          <PhotoSection info={info} />
          <SettingsSection id="profile-personal" title={t('settings:personal_heading')} text={t('settings:personal_text')}>
            <NameForm key={info.uuid} info={info} />
          </SettingsSection>
          <SettingsSection id="profile-details" title={t('settings:details_heading')} text={t('settings:details_text')}>
            <BirthdayAddressForm key={`${info.birthday}-${info.address}`} info={info} />
          </SettingsSection>
          <EmailSection info={info} />
          <PhoneSection info={info} />
        </div>
      ) : null}
    </TabState>
  );
}
