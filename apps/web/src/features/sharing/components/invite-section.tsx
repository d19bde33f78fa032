import { useId, useReducer, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '@/state/hooks';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/field';
import { CloseIcon, PlusIcon } from '@/components/ui/icons';
import { showToast } from '@/components/ui/toast-slice';
import { initials } from '@/i18n/format';
import { mergeSuggestions, useCreateSharesMutation, useListRecentInviteesQuery, useListSuggestedInviteesQuery } from '../api';
import { INVITATION_MESSAGE_MAX_LENGTH, INVITEE_SUGGESTION_SIZE, SHARE_DURATIONS, SHARE_ROLES, type ShareDuration, type ShareRole } from '../constants';
import { canSendInvites, createSharesBody, initialInviteForm, inviteFormReducer } from '../share-form';
import styles from './share-dialog.module.css';

/** Invite people by e-mail or phone to the items (files and folders): chips, suggestions, role, duration, message. */
export function InviteSection({ items }: { items: readonly string[] }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [form, update] = useReducer(inviteFormReducer, initialInviteForm);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const errorId = useId();
  const messageId = useId();
  const recent = useListRecentInviteesQuery(INVITEE_SUGGESTION_SIZE);
  const suggested = useListSuggestedInviteesQuery(INVITEE_SUGGESTION_SIZE);
  const [createShares, creating] = useCreateSharesMutation();

  const chosen = new Set(form.invitees.map((invitee) => invitee.identifier));
  const suggestions = mergeSuggestions(recent.data?.items ?? [], suggested.data?.items ?? []).filter((person) => !chosen.has(person.identifier));
  const names = new Map([...(recent.data?.items ?? []), ...(suggested.data?.items ?? [])].map((person) => [person.identifier, person.name]));

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      update({ type: 'commit' });
    } else if (event.key === 'Backspace' && form.draft === '') {
      update({ type: 'removeLast' });
    }
  };

  const send = async () => {
    const ready = inviteFormReducer(form, { type: 'commit' });
    if (ready !== form) update({ type: 'commit' });
    if (!canSendInvites(ready)) {
      inputRef.current?.focus();
      return;
    }
    try {
      await createShares(createSharesBody(ready, items)).unwrap();
      dispatch(showToast({ kind: 'success', messageKey: 'shares:invite_sent', values: { count: ready.invitees.length } }));
      update({ type: 'reset' });
    } catch {
      dispatch(showToast({ kind: 'error', messageKey: 'shares:invite_failed' }));
    }
  };

  const problem = form.problem ? t(`shares:invitee_${form.problem.problem}`, { value: form.problem.text }) : null;

  return (
    <section className={styles.section} aria-labelledby={`${inputId}-title`} data-testid="share-invite">
      <h3 id={`${inputId}-title`} className={styles.sectionTitle}>
        {t('shares:invite_title')}
      </h3>
      <div>
        <label htmlFor={inputId} className={styles.label}>
          {t('shares:invitees_label')}
        </label>
        {/* A click anywhere in the box puts the cursor in its input, as in a plain text field. */}
        <div className={styles.chipBox} data-invalid={problem ? 'true' : undefined} onClick={() => inputRef.current?.focus()}>
          {form.invitees.map((invitee) => (
            <span key={invitee.identifier} className={styles.chip} data-testid="invitee-chip">
              <span className={styles.chipText}>{names.get(invitee.identifier) ?? invitee.identifier}</span>
              <button
                type="button"
                className={styles.chipRemove}
                onClick={(event) => {
                  event.stopPropagation();
                  update({ type: 'remove', identifier: invitee.identifier });
                  inputRef.current?.focus();
                }}
                aria-label={t('shares:remove_invitee', { who: invitee.identifier })}
              >
                <CloseIcon size={14} />
              </button>
            </span>
          ))}
          <input
            ref={inputRef}
            id={inputId}
            className={styles.chipInput}
            value={form.draft}
            onChange={(event) => update({ type: 'draft', text: event.target.value })}
            onKeyDown={onKeyDown}
            onBlur={() => update({ type: 'commit' })}
            onPaste={(event) => {
              const text = event.clipboardData.getData('text');
              if (/[,;\n]/.test(text)) {
                event.preventDefault();
                update({ type: 'draft', text: `${form.draft}${text},` });
              }
            }}
            placeholder={form.invitees.length === 0 ? t('shares:invitees_placeholder') : undefined}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? errorId : undefined}
            autoComplete="off"
            inputMode="email"
            data-testid="invitee-input"
          />
        </div>
        {problem ? (
          <p id={errorId} className={styles.error} role="alert">
            {problem}
          </p>
        ) : null}
      </div>
      {suggestions.length > 0 ? (
        <div className={styles.row}>
          <span className={styles.label} id={`${inputId}-suggested`}>
            {t('shares:suggestions')}
          </span>
          <ul className={styles.suggestions} aria-labelledby={`${inputId}-suggested`}>
            {suggestions.map((person) => (
              <li key={person.identifier}>
                <button
                  type="button"
                  className={styles.suggestion}
                  onClick={() => update({ type: 'pick', identifier: person.identifier })}
                  aria-label={t('shares:add_invitee', { who: person.name ? `${person.name} (${person.identifier})` : person.identifier })}
                >
                  <span className={styles.avatar} aria-hidden="true">
                    {initials(person.name, null, person.identifier)}
                  </span>
                  {person.name ?? person.identifier}
                  <PlusIcon size={14} />
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className={styles.options}>
        <SelectField label={t('shares:role_label')} value={form.role} onChange={(event) => update({ type: 'role', role: event.target.value as ShareRole })}>
          {SHARE_ROLES.map((role) => (
            <option key={role} value={role}>
              {t(`shares:role_${role}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('shares:duration_label')}
          value={form.duration}
          onChange={(event) => update({ type: 'duration', duration: event.target.value as ShareDuration })}
        >
          {SHARE_DURATIONS.map((duration) => (
            <option key={duration} value={duration}>
              {t(`shares:duration_${duration}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <div>
        <label htmlFor={messageId} className={styles.label}>
          {t('shares:message_label')}
        </label>
        <textarea
          id={messageId}
          className={styles.textarea}
          value={form.message}
          maxLength={INVITATION_MESSAGE_MAX_LENGTH}
          onChange={(event) => update({ type: 'message', text: event.target.value })}
          placeholder={t('shares:message_placeholder')}
        />
      </div>
      <div className={styles.actions}>
        <span className={styles.sectionText}>{t(`shares:role_hint_${form.role}`)}</span>
        <Button onClick={() => void send()} loading={creating.isLoading} disabled={form.invitees.length === 0 && form.draft.trim() === ''} data-testid="invite-send">
          {t('shares:invite_send')}
        </Button>
      </div>
    </section>
  );
}
