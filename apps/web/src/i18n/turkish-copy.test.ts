import { describe, expect, it } from 'vitest';

// The Turkish copy addresses the subscriber with the formal "siz", as operators do, and uses sentence case.
// The rule (docs/decisions.md, issue 26): a button, menu item or short label may be a bare command stem
// ("Kaydet", "Tekrar dene", "Giriş yap"), as Google's and Apple's Turkish UIs do; every sentence that talks to the
// subscriber uses "siz" ("Şifrenizi girin.", "Lütfen tekrar deneyin."). The server's e-mail, SMS and PDF texts are
// held to the same word lists in apps/server/src/test/turkish-copy.test.ts.

type Dict = Record<string, unknown>;
const files = import.meta.glob<Dict>('./locales/tr/*.json', { eager: true, import: 'default' });

/** Every Turkish text as [namespace:key.path, text]. */
function texts(): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const walk = (node: unknown, key: string) => {
    if (typeof node === 'string') out.push([key, node]);
    else if (Array.isArray(node)) node.forEach((child, i) => walk(child, `${key}.${i}`));
    else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) walk(v, key.endsWith(':') ? `${key}${k}` : `${key}.${k}`);
  };
  for (const [path, dict] of Object.entries(files)) walk(dict, `${path.replace(/^.*\/(\w+)\.json$/, '$1')}:`);
  return out;
}

const lower = (word: string) => word.toLocaleLowerCase('tr-TR');

/** Informal pronouns: "sen" and its cases. */
const PRONOUNS = new Set(['sen', 'seni', 'sana', 'senin', 'sende', 'senden', 'seninle', 'senle', 'sensin', 'sensen']);

/** Bare verb stems: alone they are the informal imperative ("Seç." – formal "Seçin."). */
const STEMS = new Set(
  ('seç gir yükle dene bak et ekle iste başla aç onayla tara kullan yanıtla bekle değiştir sıfırla gönder belirle oluştur ' +
    'kaydet sil kapat indir paylaş yaz tamamla dön bul unutma tıkla dokun kopyala yapıştır kaldır taşı yükselt öde git al ' +
    'ver ara doğrula koru sürdür oku bağla göster geç seçme girme tut bırak sürükle temizle bekleme').split(' '),
);

/**
 * Vowel-final nouns whose 2nd-person-singular possessive ("şifren", "dosyanı") cannot be read another way; after a
 * consonant it can ("kodun süresi" is "the code's time"), so those are left to the verb and pronoun checks.
 */
const POSSESSIVE = /^(şifre|parola|dosya|e-posta|bağlantı|numara|uygulama)n(?:[ıi]|[ae]|d[ae]|d[ae]n|l[ae])?$/;

/** Verb endings of the informal "you": -sın after a tense ("yapabilirsin"), "misin", -dığın ("istediğin"), -sen ("istersen"). */
const INFORMAL_ENDINGS: RegExp[] = [
  /(?:abilir|ebilir|[ae]c[ae]k|yor|m[ıiuü]ş|[dt][ıiuü]|[ıiuüae]r|m[ae]z|değil)s[ıiuü]n$/,
  /^m[ıiuü]s[ıiuü]n$/,
  /[dt][ıiuü]ğ[ıiuü]n$/,
  /[ae]c[ae]ğ[ıi]n$/,
  /(?:[ıiuüae]r|m[ae]z|değil|[dt][ıiuü]y)s[ae]n$/,
];

/** The informal past "-dın" ("unuttun") reads like the formal imperative of a t-stem ("yükseltin"); a question gives it away. */
const PAST = /[dt][ıiuü]n$/;

/** Words that only look informal: nouns ending in -dığın/-sin ("düğün"). */
const NOT_INFORMAL = new Set(['düğün']);

/** Proper nouns and product names that keep their capital inside a label or sentence. */
const PROPER = new Set(
  ('Bulut Google Apple Microsoft Authenticator Turkcell MasterPass Paycell Visa Mastercard Troy American Express Secure ' +
    'Word Premium WebP Android iOS Windows ' +
    // Protocol and system names (issue 32: mounting files over WebDAV).
    'WebDAV CardDAV Linux macOS rclone ' +
    // Issue 34: importing from Dropbox.
    'Dropbox ' +
    'Ocak Şubat Mart Nisan Mayıs Haziran Temmuz Ağustos Eylül Ekim Kasım Aralık ' +
    'Pazar Pazartesi Salı Çarşamba Perşembe Cuma Cumartesi ' +
    // Language names are proper nouns in Turkish.
    'Türkçe İngilizce Arapça Almanca İspanyolca Fransızca Gürcüce Rumence Rusça Arnavutça Ukraynaca').split(' '),
);

/** Texts allowed to break a rule, each with its reason. The spec fixes no Turkish text, so none is listed for the spec. */
const ALLOWED: Record<string, string> = {};

type Hit = { key: string; text: string; why: string };

function words(text: string): Array<{ word: string; after: string; before: string }> {
  const cleaned = text.replace(/\{\{[^}]*\}\}/g, '§').replace(/<\/?\w+>/g, '');
  const raw = cleaned.split(/\s+/).filter(Boolean);
  return raw.map((token, i) => {
    const word = token.replace(/^[“"‘'(«[]+/, '').replace(/[”"’)»\].,!?;:…]+$/, '');
    const after = token.slice(token.indexOf(word) + word.length);
    return { word, after, before: i > 0 ? raw[i - 1]! : '' };
  });
}

/** Informal second-person forms in one text. */
function informalForms(key: string, text: string): Hit[] {
  const hits: Hit[] = [];
  const list = words(text);
  // A sentence ends in punctuation or runs long; a short label ("Tekrar dene", "{{name}} öğesini aç, {{kind}}") does not.
  const sentence = /[.!?…]\s*$/.test(text.trim()) || list.length > 6;
  list.forEach(({ word, after }, i) => {
    const w = lower(word).replace(/['’].*$/, '');
    if (!w || NOT_INFORMAL.has(w)) return;
    if (PRONOUNS.has(w)) hits.push({ key, text, why: `pronoun "${word}"` });
    if (POSSESSIVE.test(w)) hits.push({ key, text, why: `informal possessive "${word}"` });
    if (INFORMAL_ENDINGS.some((re) => re.test(w))) hits.push({ key, text, why: `informal verb "${word}"` });
    const next = lower(list[i + 1]?.word ?? '');
    if (PAST.test(w) && (/^\?/.test(after) || /^m[ıiuü]$/.test(next))) hits.push({ key, text, why: `informal past "${word}"` });
    const closesClause = /^[.!?;…]/.test(after) || (sentence && (/^[,:]/.test(after) || i === list.length - 1));
    const afterPlease = i > 0 && lower(list[i - 1]!.word) === 'lütfen';
    if (STEMS.has(w) && (closesClause || afterPlease)) hits.push({ key, text, why: `informal imperative "${word}"` });
  });
  return hits;
}

/** English-style Title Case: a capital inside a label or sentence that is not a name, an acronym or a new sentence. */
function titleCase(key: string, text: string): Hit[] {
  const hits: Hit[] = [];
  // A quoted name keeps its own case: “Şifremi unuttum”, “Oturum açık cihazlar”.
  const list = words(text.replace(/“[^”]*”|"[^"]*"|‘[^’]*’|«[^»]*»/g, '§'));
  list.forEach(({ word, before }, i) => {
    if (i === 0 || !/^\p{Lu}/u.test(word)) return;
    if (/[.!?:…>›—·]$/.test(before)) return; // a new sentence, clause or path step
    if (/^[>›]/.test(list[i + 1]?.word ?? '')) return; // the first step of a path: "Ayarlar > Güvenlik'te"
    if (/['’]/.test(word)) return; // a screen or button named with a suffix: "Paylaş'ı seçin", "Keşfet'e dön"
    if (/^[\p{Lu}\d:-]+$/u.test(word)) return; // an acronym or a format's token: SMS, PDF, KDV, 3-D, END:VCARD
    if (PROPER.has(word)) return;
    hits.push({ key, text, why: `Title Case "${word}"` });
  });
  return hits;
}

const report = (hits: Hit[]) => hits.map((h) => `${h.key}: ${h.why} — ${h.text}`);

describe('Turkish copy', () => {
  const all = texts().filter(([key]) => !(key in ALLOWED));

  it('reads every Turkish namespace', () => {
    expect(Object.keys(files).length).toBeGreaterThan(20);
    expect(all.length).toBeGreaterThan(1000);
  });

  it('addresses the subscriber as "siz" in every sentence', () => {
    expect(report(all.flatMap(([key, text]) => informalForms(key, text)))).toEqual([]);
  });

  it('writes labels, titles and sentences in sentence case', () => {
    expect(report(all.flatMap(([key, text]) => titleCase(key, text)))).toEqual([]);
  });

  it('says a count the Turkish way: "3 öğe seçildi", not "Seçilen: 3"; no plural noun after a number', () => {
    const countLabel = /Seçil(en|i)(?: öğe)?: \{\{|\p{L}+l[ae]r: \{\{\s*count|\p{L}+ sayısı: \{\{/u;
    const pluralAfterNumber = /\{\{\s*(count|n|total|done|max|used|value)\s*\}\}\s+\p{L}+l[ae]r(?:\P{L}|$)/u;
    expect(all.filter(([, text]) => countLabel.test(text) || pluralAfterNumber.test(text))).toEqual([]);
  });

  it('catches what it is meant to catch, and only that', () => {
    const flagged = (text: string) => informalForms('t', text).length + titleCase('t', text).length;
    const informal = ['Şifreni mi unuttun?', 'Lütfen tekrar dene.', 'Kodu gir.', 'Sana yeni bir kod gönderdik.', 'Hesabın için belirlediğin soruyu yanıtla.',
      'Yeni şifrenle giriş yapabilirsin.', 'Bir hesap oluştur: bağlanacak.', 'E-postanı kontrol et', 'Bu kartı sonraki ödemeler ve yenilemeler için kaydet'];
    const titled = ['Albüme Ekle', 'Kullanım ve Paketler', 'Tümünü Sil', 'Beklenmeyen Uygulama Hatası!', 'Öğeler Çöp Kutusuna taşındı.'];
    for (const text of [...informal, ...titled]) expect(flagged(text), text).toBeGreaterThan(0);
    const fine = ['Şifrenizi mi unuttunuz?', 'Tekrar dene', 'Lütfen tekrar deneyin.', 'Albüme ekle', 'Google ile devam et', 'Kalıcı olarak silinsin mi?',
      "Bulut'a kaydet", "Ayarlar > Güvenlik'te iki adımlı girişi açın.", 'Kabul et ve devam et', 'Kodun süresi doldu.', 'Paketinizi yükseltin.',
      'Giriş ekranında “Şifremi unuttum” bağlantısını seçin.', '{{name}} öğesini aç, {{kind}}', '3 Mart 2024'];
    for (const text of fine) expect(flagged(text), text).toBe(0);
  });
});
