import { describe, expect, it } from 'vitest';
import { lockoutSms, lockoutSubject, lockoutText } from '../modules/auth/auth.messages.js';
import { signInCodeSubject, signInCodeText } from '../modules/auth/two-factor.messages.js';
import { emailChangedMessage, phoneChangedMessage, phoneCodeText, verifyEmailMessage } from '../modules/account/contact.messages.js';
import { contactsTexts } from '../modules/contacts/contacts.messages.js';
import { passwordChangedNotice, recoveryEmailVerification, securityQuestionChangedNotice } from '../modules/credentials/credentials.messages.js';
import { listSecurityQuestions } from '../modules/credentials/security-questions.js';
import { invitationMessage } from '../modules/family/family.messages.js';
import { VIDEO_TITLES } from '../modules/foryou/foryou.video-titles.js';
import { INVOICE_TEXTS } from '../modules/invoice/invoice.messages.js';
import { invitation, shareTexts } from '../modules/private-shares/private-shares.messages.js';
import { resetCodeSms, resetLinkEmail } from '../modules/recovery/recovery.messages.js';
import { operatorActionNotice } from '../modules/audit/audit.messages.js';
import { alreadyRegisteredNotice, otpSubject, otpText, welcomeNotification } from '../modules/signup/signup.messages.js';

// What a Turkish subscriber reads from the server (e-mail, SMS, notifications, the invoice PDF, security questions)
// addresses them with the formal "siz" and uses sentence case, like the web copy (apps/web/src/i18n/turkish-copy.test.ts,
// rule in docs/decisions.md, issue 26). The word lists below mirror the web test's: server and web cannot share a file.

/** Every string inside a value; functions are called with sample arguments ("Ayşe", a link, a number). */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'function') return strings((value as (...a: unknown[]) => unknown)('ABC-123', 3, 'https://bulut.example/x'));
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

const link = 'https://bulut.example/verify?t=abc';
const SERVER_TR: Record<string, unknown> = {
  lockout: [lockoutSubject('tr'), lockoutText('tr', 15), lockoutSms('tr', 15)],
  signInCode: [signInCodeSubject('tr'), signInCodeText('tr', '123456', 5)],
  contact: [verifyEmailMessage('tr', link, 24), emailChangedMessage('tr', 'a@b.com'), phoneChangedMessage('tr', '+905321234567'), phoneCodeText('tr', '123456', 3)],
  contactsBackup: contactsTexts('tr'),
  credentials: [passwordChangedNotice('tr'), recoveryEmailVerification('tr', link, 24), securityQuestionChangedNotice('tr')],
  securityQuestions: listSecurityQuestions('tr').map((q) => q.text),
  family: invitationMessage('tr', 'Ayşe', link),
  videoTitles: VIDEO_TITLES.tr,
  invoice: INVOICE_TEXTS.tr,
  shares: [shareTexts('tr'), invitation('tr', 'Ayşe', 'Tatil.jpg', 2, 'Bak bunlara', { url: link, newcomer: false }), invitation('tr', 'Ayşe', 'Tatil.jpg', 0, undefined, { url: link, newcomer: true })],
  recovery: [resetCodeSms('tr', '123456', 3), resetLinkEmail('tr', link, 15)],
  operatorAction: ['subscriber.suspend', 'subscriber.unsuspend', 'subscriber.sessions.end', 'subscriber.twofactor.remove', 'subscriber.lockout.lift', 'subscriber.quota.grant', 'subscriber.verification.resend', 'order.refund', 'other'].map((a) => operatorActionNotice('tr', a)),
  signup: [otpSubject('tr'), otpText('tr', '123456', 3), welcomeNotification('tr'), alreadyRegisteredNotice('tr')],
};

const lower = (word: string) => word.toLocaleLowerCase('tr-TR');
const PRONOUNS = new Set(['sen', 'seni', 'sana', 'senin', 'sende', 'senden', 'seninle', 'senle', 'sensin', 'sensen']);
const STEMS = new Set(
  ('seç gir yükle dene bak et ekle iste başla aç onayla tara kullan yanıtla bekle değiştir sıfırla gönder belirle oluştur ' +
    'kaydet sil kapat indir paylaş yaz tamamla dön bul unutma tıkla dokun kopyala yapıştır kaldır taşı yükselt öde git al ' +
    'ver ara doğrula koru sürdür oku bağla göster geç seçme girme tut bırak sürükle temizle bekleme paylaşma').split(' '),
);
const POSSESSIVE = /^(şifre|parola|dosya|e-posta|bağlantı|numara|uygulama)n(?:[ıi]|[ae]|d[ae]|d[ae]n|l[ae])?$/;
const INFORMAL_ENDINGS: RegExp[] = [
  /(?:abilir|ebilir|[ae]c[ae]k|yor|m[ıiuü]ş|[dt][ıiuü]|[ıiuüae]r|m[ae]z|değil)s[ıiuü]n$/,
  /^m[ıiuü]s[ıiuü]n$/,
  /[dt][ıiuü]ğ[ıiuü]n$/,
  /[ae]c[ae]ğ[ıi]n$/,
  /(?:[ıiuüae]r|m[ae]z|değil|[dt][ıiuü]y)s[ae]n$/,
];
const PROPER = new Set(
  ('Bulut Google Apple Turkcell MasterPass Paycell KDV Ayşe ABC-123 Tatil.jpg ' +
    'Ocak Şubat Mart Nisan Mayıs Haziran Temmuz Ağustos Eylül Ekim Kasım Aralık').split(' '),
);

/** Sample arguments the walk passes in: the owner's own note is theirs, not ours. */
const SAMPLE_NOTE = 'Bak bunlara';

function words(text: string) {
  const raw = text.replace(SAMPLE_NOTE, '§').replace(/https?:\/\/\S+/g, '§').replace(/“[^”]*”|"[^"]*"/g, '§').split(/\s+/).filter(Boolean);
  return raw.map((token, i) => {
    const word = token.replace(/^[“"‘'(«[]+/, '').replace(/[”"’)»\].,!?;:…]+$/, '');
    return { word, after: token.slice(token.indexOf(word) + word.length), before: i > 0 ? raw[i - 1]! : '' };
  });
}

function problems(text: string): string[] {
  const out: string[] = [];
  const list = words(text);
  const sentence = /[.!?…:]\s*$/.test(text.trim()) || list.length > 6;
  list.forEach(({ word, after, before }, i) => {
    const w = lower(word).replace(/['’].*$/, '');
    if (PRONOUNS.has(w)) out.push(`pronoun "${word}"`);
    if (POSSESSIVE.test(w)) out.push(`informal possessive "${word}"`);
    if (INFORMAL_ENDINGS.some((re) => re.test(w))) out.push(`informal verb "${word}"`);
    const closesClause = /^[.!?;…]/.test(after) || (sentence && (/^[,:]/.test(after) || i === list.length - 1));
    if (STEMS.has(w) && (closesClause || lower(list[i - 1]?.word ?? '') === 'lütfen')) out.push(`informal imperative "${word}"`);
    const newSentence = i === 0 || /[.!?:…>›—·]$/.test(before);
    if (!newSentence && /^\p{Lu}/u.test(word) && !/[’']/.test(word) && !/^[\p{Lu}\d-]+$/u.test(word) && !PROPER.has(word) && !/^[›>]/.test(list[i + 1]?.word ?? ''))
      out.push(`Title Case "${word}"`);
  });
  return out;
}

describe('Turkish texts the server sends', () => {
  const all = Object.entries(SERVER_TR).flatMap(([source, value]) => strings(value).map((text) => [source, text] as const));

  it('reads every e-mail, SMS, notification and PDF text', () => {
    expect(all.length).toBeGreaterThan(40);
  });

  it('address the subscriber as "siz" and use sentence case', () => {
    // Each line of an e-mail starts afresh ("Merhaba Ayşe,\n\nÖdemeniz için…").
    const hits = all.flatMap(([source, text]) => text.split(/\n+/).flatMap((line) => problems(line).map((why) => `${source}: ${why} — ${line}`)));
    expect(hits).toEqual([]);
  });

  it('would catch an informal or Title Case text', () => {
    for (const text of ['Şifreni sıfırlamak için bağlantıyı aç.', 'Bu kodu kimseyle paylaşma.', 'Sana yeni bir kod gönderdik.', 'Bunu sen yapmadıysan hemen Destek ile iletişime geç.', 'Bulut Faturanız'])
      expect(problems(text), text).not.toEqual([]);
    expect(problems('Bulut hesabınızın şifresi değiştirildi. Siz değilseniz şifrenizi hemen sıfırlayın.')).toEqual([]);
  });
});
