import { describe, expect, it } from 'vitest';
import { addInvitees, parseInvitee, splitInviteeText } from './invitees';
import { expiryFromDateInput, isExpiryValid, toDateInputValue } from './expiry';
import { canSendInvites, createSharesBody, initialInviteForm, inviteFormReducer, type InviteAction, type InviteForm } from './share-form';

const run = (actions: InviteAction[], from: InviteForm = initialInviteForm) => actions.reduce(inviteFormReducer, from);

describe('parseInvitee', () => {
  it('takes e-mail addresses, lower-cased', () => {
    expect(parseInvitee(' Ayse.Yilmaz@Example.COM ')).toEqual({ kind: 'email', identifier: 'ayse.yilmaz@example.com' });
  });

  it('refuses addresses without a domain dot or with spaces', () => {
    expect(parseInvitee('ayse@example')).toBeNull();
    expect(parseInvitee('ay se@example.com')).toBeNull();
    expect(parseInvitee('@example.com')).toBeNull();
  });

  it('writes phone numbers as E.164, Turkish local numbers with +90', () => {
    expect(parseInvitee('+90 532 123 45 67')).toEqual({ kind: 'phone', identifier: '+905321234567' });
    expect(parseInvitee('0532 123-45-67')).toEqual({ kind: 'phone', identifier: '+905321234567' });
    expect(parseInvitee('5321234567')).toEqual({ kind: 'phone', identifier: '+905321234567' });
    expect(parseInvitee('0049 (30) 1234567')).toEqual({ kind: 'phone', identifier: '+49301234567' });
  });

  it('refuses what is neither', () => {
    expect(parseInvitee('12345')).toBeNull();
    expect(parseInvitee('+0123456789')).toBeNull();
    expect(parseInvitee('deniz')).toBeNull();
    expect(parseInvitee('')).toBeNull();
  });
});

describe('addInvitees', () => {
  it('splits on commas, semicolons, new lines and spaces between addresses', () => {
    expect(splitInviteeText('a@b.co; c@d.co\n+90 532 123 45 67, e@f.co g@h.co')).toEqual(['a@b.co', 'c@d.co', '+90 532 123 45 67', 'e@f.co', 'g@h.co']);
  });

  it('skips repeats and reports what it could not read', () => {
    const first = addInvitees([], 'a@b.co, A@B.co, nope');
    expect(first.added.map((i) => i.identifier)).toEqual(['a@b.co']);
    expect(first.rejected).toEqual([
      { text: 'A@B.co', problem: 'duplicate' },
      { text: 'nope', problem: 'invalid' },
    ]);
  });

  it('stops at 50 people', () => {
    const many = Array.from({ length: 52 }, (_, i) => `p${i}@example.com`).join(',');
    const result = addInvitees([], many);
    expect(result.added).toHaveLength(50);
    expect(result.rejected.map((r) => r.problem)).toEqual(['too_many', 'too_many']);
  });
});

describe('invite form', () => {
  it('turns typed text into chips on a separator, and keeps unreadable text in the box', () => {
    const state = run([{ type: 'draft', text: 'ali@example.com,' }, { type: 'draft', text: 'veli' }, { type: 'commit' }]);
    expect(state.invitees.map((i) => i.identifier)).toEqual(['ali@example.com']);
    expect(state.draft).toBe('veli');
    expect(state.problem).toEqual({ text: 'veli', problem: 'invalid' });
    expect(canSendInvites(state)).toBe(false);
  });

  it('is ready with people and an empty box; Backspace on an empty box takes the last chip away', () => {
    let state = run([{ type: 'pick', identifier: '+905321234567' }, { type: 'draft', text: 'ali@example.com;' }]);
    expect(canSendInvites(state)).toBe(true);
    state = run([{ type: 'removeLast' }], state);
    expect(state.invitees.map((i) => i.identifier)).toEqual(['+905321234567']);
    state = run([{ type: 'remove', identifier: '+905321234567' }], state);
    expect(canSendInvites(state)).toBe(false);
  });

  it('builds the createShares body with role, duration and a trimmed message (none when blank)', () => {
    const state = run([
      { type: 'pick', identifier: 'ali@example.com' },
      { type: 'role', role: 'EDITOR' },
      { type: 'duration', duration: 'P7D' },
      { type: 'message', text: '  Tatil fotoğrafları  ' },
    ]);
    expect(createSharesBody(state, ['u1', 'u2'])).toEqual({
      items: ['u1', 'u2'],
      invitees: ['ali@example.com'],
      type: 'EDITOR',
      duration: 'P7D',
      invitationMessage: 'Tatil fotoğrafları',
    });
    expect(createSharesBody(run([{ type: 'message', text: '   ' }], state), ['u1'])).not.toHaveProperty('invitationMessage');
  });

  it('caps the message at 500 characters and resets to the defaults', () => {
    const state = run([{ type: 'message', text: 'x'.repeat(600) }]);
    expect(state.message).toHaveLength(500);
    expect(run([{ type: 'reset' }], state)).toEqual(initialInviteForm);
  });
});

describe('expiry', () => {
  it('keeps a link open through the whole chosen local day', () => {
    const iso = expiryFromDateInput('2027-03-09')!;
    const date = new Date(iso);
    expect([date.getFullYear(), date.getMonth(), date.getDate(), date.getHours(), date.getMinutes()]).toEqual([2027, 2, 9, 23, 59]);
    expect(toDateInputValue(iso)).toBe('2027-03-09');
  });

  it('refuses impossible and past days', () => {
    expect(expiryFromDateInput('2027-02-30')).toBeNull();
    expect(expiryFromDateInput('')).toBeNull();
    const now = new Date(2027, 2, 9, 12);
    expect(isExpiryValid('2027-03-08', now)).toBe(false);
    expect(isExpiryValid('2027-03-09', now)).toBe(true);
  });
});
