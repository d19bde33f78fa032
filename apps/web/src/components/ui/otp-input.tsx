import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './otp-input.module.css';

export interface OtpInputProps {
  /** Number of boxes. */
  length: number;
  /** One entry per box ('' when empty). */
  value: readonly string[];
  onChange: (next: string[]) => void;
  /** Digits only (default). */
  numeric?: boolean;
  disabled?: boolean;
  invalid?: boolean;
  autoFocus?: boolean;
  /** data-testid prefix: boxes get `${prefix}-0` … `${prefix}-${length - 1}`. */
  testIdPrefix?: string;
  /** id of an element describing the group (e.g. an error message). */
  describedBy?: string;
}

export function emptyOtp(length: number): string[] {
  return Array.from({ length }, () => '');
}

/**
 * One-time-code boxes: one character per box, digits only when numeric, a paste is
 * accepted only if every character is valid, typing advances focus, backspace clears and moves back.
 */
export function OtpInput({
  length,
  value,
  onChange,
  numeric = true,
  disabled,
  invalid,
  autoFocus,
  testIdPrefix = 'otp',
  describedBy,
}: OtpInputProps) {
  const { t } = useTranslation();
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const isValid = (char: string) => (numeric ? /^[0-9]$/.test(char) : /^[0-9A-Za-z]$/.test(char));
  const boxes = Array.from({ length }, (_, i) => value[i] ?? '');

  const focusBox = (index: number) => {
    const target = inputs.current[Math.max(0, Math.min(length - 1, index))];
    target?.focus();
    target?.select();
  };

  /** Fills from the first box when every character is valid and they fit; otherwise rejects. */
  const fillAll = (text: string): boolean => {
    const chars = Array.from(text.trim());
    if (chars.length === 0 || chars.length > length || !chars.every(isValid)) return false;
    onChange(Array.from({ length }, (_, i) => chars[i] ?? ''));
    focusBox(chars.length >= length ? length - 1 : chars.length);
    return true;
  };

  const handleInput = (index: number, raw: string) => {
    const current = boxes[index] ?? '';
    if (raw === '') {
      const next = [...boxes];
      next[index] = '';
      onChange(next);
      return;
    }
    // Autofill (autocomplete="one-time-code") can drop the whole code into one box.
    if (raw.length > 2) {
      fillAll(raw);
      return;
    }
    const typed = raw.length === 2 && raw.includes(current) ? raw.replace(current, '') : raw.slice(-1);
    if (!isValid(typed)) return;
    const next = [...boxes];
    next[index] = typed;
    onChange(next);
    if (index < length - 1) focusBox(index + 1);
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace') {
      event.preventDefault();
      const next = [...boxes];
      if (boxes[index]) {
        next[index] = '';
        onChange(next);
        focusBox(index - 1);
      } else if (index > 0) {
        next[index - 1] = '';
        onChange(next);
        focusBox(index - 1);
      }
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focusBox(index + 1);
    } else if (event.key === 'Home') {
      event.preventDefault();
      focusBox(0);
    } else if (event.key === 'End') {
      event.preventDefault();
      focusBox(length - 1);
    }
  };

  const handlePaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    fillAll(event.clipboardData.getData('text'));
  };

  return (
    // Codes read left to right in every language, Arabic included.
    <div className={styles.group} role="group" aria-label={t('common:otp_group')} aria-describedby={describedBy} dir="ltr">
      {boxes.map((char, index) => (
        <input
          key={index}
          ref={(element) => {
            inputs.current[index] = element;
          }}
          className={styles.box}
          value={char}
          onChange={(event) => handleInput(index, event.target.value)}
          onKeyDown={(event) => handleKeyDown(index, event)}
          onPaste={handlePaste}
          onFocus={(event) => event.target.select()}
          inputMode={numeric ? 'numeric' : 'text'}
          pattern={numeric ? '[0-9]*' : undefined}
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          autoFocus={autoFocus && index === 0}
          disabled={disabled}
          aria-invalid={invalid || undefined}
          aria-label={t('common:otp_digit', { n: index + 1 })}
          data-testid={`${testIdPrefix}-${index}`}
        />
      ))}
    </div>
  );
}
