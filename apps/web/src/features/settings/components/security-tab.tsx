import { AppPasswordsSection } from '@/features/webdav/webdav.public';
import { DevicesSection } from './devices-section';
import { PasswordSection } from './password-section';
import { RecoveryEmailSection } from './recovery-email-section';
import { SecurityQuestionSection } from './security-question-section';
import { SettingsSection } from './settings-section';
import { TwoFactorSection } from './two-factor-section';
import styles from './settings.module.css';

export function SecurityTab() {
  return (
    <div className={styles.sections}>
      <PasswordSection />
      <TwoFactorSection />
      <RecoveryEmailSection />
      <SecurityQuestionSection />
      <DevicesSection />
      <AppPasswordsSection frame={SettingsSection} />
    </div>
  );
}
