import { useTranslation } from 'react-i18next';
import { CheckIcon } from '@/components/ui/icons-base';
import { checkPassword, passwordStrength } from '../password-rules';
import styles from './auth-card.module.css';

/** Live checklist of the server's password rule plus a three-step strength meter. */
export function PasswordStrength({ password, id }: { password: string; id?: string }) {
  const { t } = useTranslation();
  const check = checkPassword(password);
  const strength = passwordStrength(password);
  const strengthClass = { weak: styles.strengthWeak, medium: styles.strengthMedium, strong: styles.strengthStrong }[strength];
  const rules = [
    { met: check.length, label: t('auth:password_rule_length') },
    { met: check.letter, label: t('auth:password_rule_letter') },
    { met: check.digit, label: t('auth:password_rule_digit') },
  ];
  return (
    <div id={id}>
      {password ? (
        <div className={`${styles.strength} ${strengthClass}`} aria-hidden="true">
          <span className={styles.strengthSegment} />
          <span className={styles.strengthSegment} />
          <span className={styles.strengthSegment} />
        </div>
      ) : null}
      {password ? (
        <p className="visually-hidden" aria-live="polite">
          {t(`auth:password_strength_${strength}`)}
        </p>
      ) : null}
      <ul className={styles.rules}>
        {rules.map((rule) => (
          <li key={rule.label} className={`${styles.rule} ${rule.met ? styles.ruleMet : ''}`}>
            <span className={styles.ruleDot} aria-hidden="true">
              {rule.met ? <CheckIcon size={14} /> : '•'}
            </span>
            {rule.label}
            <span className="visually-hidden">{rule.met ? t('auth:rule_met') : t('auth:rule_not_met')}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
