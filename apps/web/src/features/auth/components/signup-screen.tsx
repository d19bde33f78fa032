import { useState } from 'react';
import { SignupForm, type SignupSubmitted } from './signup-form';
import { SignupOtpStep } from './signup-otp-step';
import styles from './auth-card.module.css';

/** Sign-up: details form, then the one-time code. The form stays mounted so "back" keeps what was typed. */
export function SignupScreen() {
  const [submitted, setSubmitted] = useState<SignupSubmitted | null>(null);
  return (
    <>
      <div className={styles.step} hidden={submitted !== null}>
        <SignupForm onSubmitted={setSubmitted} />
      </div>
      {submitted ? (
        <SignupOtpStep
          key={submitted.challenge.referenceToken}
          challenge={submitted.challenge}
          channel={submitted.channel}
          target={submitted.target}
          onBack={() => setSubmitted(null)}
        />
      ) : null}
    </>
  );
}
