import { useTranslation } from 'react-i18next';
import { NATIVE_LANGUAGE_NAMES, SUPPORTED_LANGUAGES, type Language } from '@/i18n/languages';
import { SelectField } from './ui/field';

export interface LanguageSelectProps {
  value: string;
  onChange: (language: Language) => void;
  disabled?: boolean;
  hideLabel?: boolean;
  hint?: string;
  className?: string;
  'data-testid'?: string;
}

/** All 11 interface languages, each by its own name. */
export function LanguageSelect({ value, onChange, disabled, hideLabel, hint, className, ...rest }: LanguageSelectProps) {
  const { t } = useTranslation();
  return (
    <SelectField
      label={t('common:language')}
      hideLabel={hideLabel}
      hint={hint}
      value={value}
      disabled={disabled}
      className={className}
      onChange={(event) => onChange(event.target.value as Language)}
      data-testid={rest['data-testid']}
    >
      {SUPPORTED_LANGUAGES.map((language) => (
        <option key={language} value={language} lang={language}>
          {NATIVE_LANGUAGE_NAMES[language]}
        </option>
      ))}
    </SelectField>
  );
}
