import type { ReactNode } from 'react';
import { TextField } from './field';

/** The longest first name or surname an account takes. */
export const NAME_MAX_LENGTH = 100;

export interface NameFieldsProps {
  /** The wrapper's class (the form's two-column layout). */
  className?: string;
  nameLabel: ReactNode;
  surnameLabel: ReactNode;
  name: string;
  surname: string;
  onNameChange: (value: string) => void;
  onSurnameChange: (value: string) => void;
  nameTestId: string;
  surnameTestId: string;
}

/** First name and surname side by side, as the signup form and the profile settings ask for them. */
export function NameFields({ className, nameLabel, surnameLabel, name, surname, onNameChange, onSurnameChange, nameTestId, surnameTestId }: NameFieldsProps) {
  return (
    <div className={className}>
      <TextField
        label={nameLabel}
        value={name}
        maxLength={NAME_MAX_LENGTH}
        onChange={(event) => onNameChange(event.target.value)}
        autoComplete="given-name"
        data-testid={nameTestId}
      />
      <TextField
        label={surnameLabel}
        value={surname}
        maxLength={NAME_MAX_LENGTH}
        onChange={(event) => onSurnameChange(event.target.value)}
        autoComplete="family-name"
        data-testid={surnameTestId}
      />
    </div>
  );
}
