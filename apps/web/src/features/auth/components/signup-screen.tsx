import { useState } from 'react';
import { SignupForm, type SignupFormProps, type SignupSubmitted } from './signup-form';
import { SignupOtpStep } from './signup-otp-step';
import styles from './auth-card.module.css';

/** Sign-up: details form, then the one-time code. The form stays mounted so "back" keeps what was typed. */
export function SignupScreen({ variant, note, onSubmitted }: Partial<SignupFormProps>) {
  const [submitted, setSubmitted] = useState<SignupSubmitted | null>(null);
  return (
    <>
      <div className={styles.step} hidden={submitted !== null}>
        <SignupForm
          variant={variant}
          note={note}
          onSubmitted={(result) => {
            setSubmitted(result);
            onSubmitted?.(result);
          }}
        />
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
