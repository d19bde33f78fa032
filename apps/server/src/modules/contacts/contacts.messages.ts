import type { Language } from '../../shared/schemas.js';
import { MAX_CARD_CHARS, MAX_PHOTO_BYTES, type ProblemReason } from './contacts.vcard-parse.js';

/** The vCard TYPE values a card's phones, e-mails, addresses and URLs are labelled with in the account's language. */
export const LABELLED_TYPES = ['CELL', 'HOME', 'WORK', 'FAX', 'VOICE', 'MAIN', 'PAGER', 'OTHER'] as const;
type LabelledType = (typeof LABELLED_TYPES)[number];

/** Texts the contacts module sends (errors, import problems, the labels of a card's types), in every interface language. */
interface Texts {
  versionNotFound: string;
  contactNotFound: string;
  searchTooShort: (min: number) => string;
  tooMany: (max: number) => string;
  /** A file with no readable card; `first` are the first problems, already in this language. */
  nothingRead: (first: string) => string;
  noVCard: string;
  contactChanged: string;
  problem: Record<ProblemReason, (line: number, limitKb: number) => string>;
  types: Record<LabelledType, string>;
}

const TEXTS: Record<Language, Texts> = {
  tr: {
    versionNotFound: 'Yedek sürümü bulunamadı.',
    contactNotFound: 'Kişi bulunamadı.',
    searchTooShort: (n) => `Arama için en az ${n} karakter gerekir.`,
    tooMany: (n) => `Bir rehberde en fazla ${n} kişi olabilir.`,
    nothingRead: (f) => `Hiçbir kişi okunamadı. ${f}`,
    noVCard: 'Dosyada vCard yok.',
    contactChanged: 'Kişi, okunduğundan beri değişti.',
    problem: {
      NO_VALUE: (l) => `Satır ${l}: değeri olmayan bir alan.`,
      BAD_NAME: (l) => `Satır ${l}: geçersiz bir alan adı.`,
      NO_END: (l) => `Satır ${l}: kartın “END:VCARD” satırı yok.`,
      NO_BEGIN: (l) => `Satır ${l}: “BEGIN:VCARD” olmadan “END:VCARD”.`,
      OUTSIDE: (l) => `Satır ${l}: kart dışında metin.`,
      EMPTY: (l) => `Satır ${l}: kartta ad, telefon ya da e-posta yok.`,
      TOO_LONG: (l, kb) => `Satır ${l}: kart ${kb} KB’tan uzun.`,
      PHOTO_TOO_LARGE: (l, kb) => `Satır ${l}: fotoğraf ${kb} KB’tan büyük olduğu için alınmadı.`,
      PHOTO_INVALID: (l) => `Satır ${l}: fotoğraf geçerli base64 olmadığı için alınmadı.`,
    },
    types: { CELL: 'Cep', HOME: 'Ev', WORK: 'İş', FAX: 'Faks', VOICE: 'Telefon', MAIN: 'Ana', PAGER: 'Çağrı cihazı', OTHER: 'Diğer' },
  },
  en: {
    versionNotFound: 'Backup version not found.',
    contactNotFound: 'Contact not found.',
    searchTooShort: (n) => `Search needs at least ${n} characters.`,
    tooMany: (n) => `An address book holds at most ${n} contacts.`,
    nothingRead: (f) => `No contact could be read. ${f}`,
    noVCard: 'The file holds no vCard.',
    contactChanged: 'The contact changed since it was read.',
    problem: {
      NO_VALUE: (l) => `Line ${l}: a property without a value.`,
      BAD_NAME: (l) => `Line ${l}: not a property name.`,
      NO_END: (l) => `Line ${l}: the card has no END:VCARD.`,
      NO_BEGIN: (l) => `Line ${l}: END:VCARD without BEGIN:VCARD.`,
      OUTSIDE: (l) => `Line ${l}: text outside a card.`,
      EMPTY: (l) => `Line ${l}: the card has no name, phone or e-mail.`,
      TOO_LONG: (l, kb) => `Line ${l}: the card is longer than ${kb} KB.`,
      PHOTO_TOO_LARGE: (l, kb) => `Line ${l}: the photo is larger than ${kb} KB and was left out.`,
      PHOTO_INVALID: (l) => `Line ${l}: the photo is not valid base64 and was left out.`,
    },
    types: { CELL: 'Mobile', HOME: 'Home', WORK: 'Work', FAX: 'Fax', VOICE: 'Phone', MAIN: 'Main', PAGER: 'Pager', OTHER: 'Other' },
  },
  ru: {
    versionNotFound: 'Резервная версия не найдена.',
    contactNotFound: 'Контакт не найден.',
    searchTooShort: (n) => `Для поиска нужно не менее ${n} символов.`,
    tooMany: (n) => `В адресной книге может быть не более ${n} контактов.`,
    nothingRead: (f) => `Не удалось прочитать ни одного контакта. ${f}`,
    noVCard: 'В файле нет vCard.',
    contactChanged: 'Контакт изменился после прочтения.',
    problem: {
      NO_VALUE: (l) => `Строка ${l}: свойство без значения.`,
      BAD_NAME: (l) => `Строка ${l}: недопустимое имя свойства.`,
      NO_END: (l) => `Строка ${l}: у карточки нет END:VCARD.`,
      NO_BEGIN: (l) => `Строка ${l}: END:VCARD без BEGIN:VCARD.`,
      OUTSIDE: (l) => `Строка ${l}: текст вне карточки.`,
      EMPTY: (l) => `Строка ${l}: в карточке нет имени, телефона или e-mail.`,
      TOO_LONG: (l, kb) => `Строка ${l}: карточка длиннее ${kb} КБ.`,
      PHOTO_TOO_LARGE: (l, kb) => `Строка ${l}: фото больше ${kb} КБ и не сохранено.`,
      PHOTO_INVALID: (l) => `Строка ${l}: фото не в формате base64 и не сохранено.`,
    },
    types: { CELL: 'Мобильный', HOME: 'Домашний', WORK: 'Рабочий', FAX: 'Факс', VOICE: 'Телефон', MAIN: 'Основной', PAGER: 'Пейджер', OTHER: 'Другой' },
  },
  uk: {
    versionNotFound: 'Резервну версію не знайдено.',
    contactNotFound: 'Контакт не знайдено.',
    searchTooShort: (n) => `Для пошуку потрібно щонайменше ${n} символи.`,
    tooMany: (n) => `В адресній книзі може бути не більше ${n} контактів.`,
    nothingRead: (f) => `Не вдалося прочитати жодного контакту. ${f}`,
    noVCard: 'У файлі немає vCard.',
    contactChanged: 'Контакт змінився після прочитання.',
    problem: {
      NO_VALUE: (l) => `Рядок ${l}: властивість без значення.`,
      BAD_NAME: (l) => `Рядок ${l}: неприпустима назва властивості.`,
      NO_END: (l) => `Рядок ${l}: картка не має END:VCARD.`,
      NO_BEGIN: (l) => `Рядок ${l}: END:VCARD без BEGIN:VCARD.`,
      OUTSIDE: (l) => `Рядок ${l}: текст поза карткою.`,
      EMPTY: (l) => `Рядок ${l}: у картці немає імені, телефону чи e-mail.`,
      TOO_LONG: (l, kb) => `Рядок ${l}: картка довша за ${kb} КБ.`,
      PHOTO_TOO_LARGE: (l, kb) => `Рядок ${l}: фото більше ${kb} КБ і не збережене.`,
      PHOTO_INVALID: (l) => `Рядок ${l}: фото не у форматі base64 і не збережене.`,
    },
    types: { CELL: 'Мобільний', HOME: 'Домашній', WORK: 'Робочий', FAX: 'Факс', VOICE: 'Телефон', MAIN: 'Основний', PAGER: 'Пейджер', OTHER: 'Інший' },
  },
  ar: {
    versionNotFound: 'لم يتم العثور على نسخة النسخ الاحتياطي.',
    contactNotFound: 'لم يتم العثور على جهة الاتصال.',
    searchTooShort: (n) => `يحتاج البحث إلى ${n} أحرف على الأقل.`,
    tooMany: (n) => `يتسع دفتر العناوين لـ ${n} جهة اتصال على الأكثر.`,
    nothingRead: (f) => `تعذّرت قراءة أي جهة اتصال. ${f}`,
    noVCard: 'لا يحتوي الملف على vCard.',
    contactChanged: 'تغيّرت جهة الاتصال منذ قراءتها.',
    problem: {
      NO_VALUE: (l) => `السطر ${l}: خاصية بلا قيمة.`,
      BAD_NAME: (l) => `السطر ${l}: اسم خاصية غير صالح.`,
      NO_END: (l) => `السطر ${l}: البطاقة بلا END:VCARD.`,
      NO_BEGIN: (l) => `السطر ${l}: END:VCARD بلا BEGIN:VCARD.`,
      OUTSIDE: (l) => `السطر ${l}: نص خارج البطاقة.`,
      EMPTY: (l) => `السطر ${l}: البطاقة بلا اسم أو هاتف أو بريد إلكتروني.`,
      TOO_LONG: (l, kb) => `السطر ${l}: البطاقة أطول من ${kb} كيلوبايت.`,
      PHOTO_TOO_LARGE: (l, kb) => `السطر ${l}: الصورة أكبر من ${kb} كيلوبايت ولم تُحفظ.`,
      PHOTO_INVALID: (l) => `السطر ${l}: الصورة ليست base64 صالحًا ولم تُحفظ.`,
    },
    types: { CELL: 'جوال', HOME: 'المنزل', WORK: 'العمل', FAX: 'فاكس', VOICE: 'هاتف', MAIN: 'رئيسي', PAGER: 'بيجر', OTHER: 'أخرى' },
  },
  de: {
    versionNotFound: 'Sicherungsversion nicht gefunden.',
    contactNotFound: 'Kontakt nicht gefunden.',
    searchTooShort: (n) => `Die Suche braucht mindestens ${n} Zeichen.`,
    tooMany: (n) => `Ein Adressbuch fasst höchstens ${n} Kontakte.`,
    nothingRead: (f) => `Kein Kontakt konnte gelesen werden. ${f}`,
    noVCard: 'Die Datei enthält keine vCard.',
    contactChanged: 'Der Kontakt hat sich seit dem Lesen geändert.',
    problem: {
      NO_VALUE: (l) => `Zeile ${l}: eine Eigenschaft ohne Wert.`,
      BAD_NAME: (l) => `Zeile ${l}: kein gültiger Eigenschaftsname.`,
      NO_END: (l) => `Zeile ${l}: der Karte fehlt END:VCARD.`,
      NO_BEGIN: (l) => `Zeile ${l}: END:VCARD ohne BEGIN:VCARD.`,
      OUTSIDE: (l) => `Zeile ${l}: Text außerhalb einer Karte.`,
      EMPTY: (l) => `Zeile ${l}: die Karte hat keinen Namen, keine Telefonnummer und keine E-Mail.`,
      TOO_LONG: (l, kb) => `Zeile ${l}: die Karte ist länger als ${kb} KB.`,
      PHOTO_TOO_LARGE: (l, kb) => `Zeile ${l}: das Foto ist größer als ${kb} KB und wurde weggelassen.`,
      PHOTO_INVALID: (l) => `Zeile ${l}: das Foto ist kein gültiges Base64 und wurde weggelassen.`,
    },
    types: { CELL: 'Mobil', HOME: 'Privat', WORK: 'Arbeit', FAX: 'Fax', VOICE: 'Telefon', MAIN: 'Hauptnummer', PAGER: 'Pager', OTHER: 'Andere' },
  },
  es: {
    versionNotFound: 'No se encontró la versión de la copia de seguridad.',
    contactNotFound: 'No se encontró el contacto.',
    searchTooShort: (n) => `La búsqueda necesita al menos ${n} caracteres.`,
    tooMany: (n) => `Una libreta de direcciones admite como máximo ${n} contactos.`,
    nothingRead: (f) => `No se pudo leer ningún contacto. ${f}`,
    noVCard: 'El archivo no contiene ninguna vCard.',
    contactChanged: 'El contacto cambió desde que se leyó.',
    problem: {
      NO_VALUE: (l) => `Línea ${l}: una propiedad sin valor.`,
      BAD_NAME: (l) => `Línea ${l}: no es un nombre de propiedad válido.`,
      NO_END: (l) => `Línea ${l}: la tarjeta no tiene END:VCARD.`,
      NO_BEGIN: (l) => `Línea ${l}: END:VCARD sin BEGIN:VCARD.`,
      OUTSIDE: (l) => `Línea ${l}: texto fuera de una tarjeta.`,
      EMPTY: (l) => `Línea ${l}: la tarjeta no tiene nombre, teléfono ni correo.`,
      TOO_LONG: (l, kb) => `Línea ${l}: la tarjeta ocupa más de ${kb} KB.`,
      PHOTO_TOO_LARGE: (l, kb) => `Línea ${l}: la foto ocupa más de ${kb} KB y se omitió.`,
      PHOTO_INVALID: (l) => `Línea ${l}: la foto no es base64 válido y se omitió.`,
    },
    types: { CELL: 'Móvil', HOME: 'Casa', WORK: 'Trabajo', FAX: 'Fax', VOICE: 'Teléfono', MAIN: 'Principal', PAGER: 'Buscapersonas', OTHER: 'Otro' },
  },
  ro: {
    versionNotFound: 'Versiunea de backup nu a fost găsită.',
    contactNotFound: 'Contactul nu a fost găsit.',
    searchTooShort: (n) => `Căutarea are nevoie de cel puțin ${n} caractere.`,
    tooMany: (n) => `O agendă poate avea cel mult ${n} contacte.`,
    nothingRead: (f) => `Niciun contact nu a putut fi citit. ${f}`,
    noVCard: 'Fișierul nu conține niciun vCard.',
    contactChanged: 'Contactul s-a schimbat de când a fost citit.',
    problem: {
      NO_VALUE: (l) => `Linia ${l}: o proprietate fără valoare.`,
      BAD_NAME: (l) => `Linia ${l}: nume de proprietate nevalid.`,
      NO_END: (l) => `Linia ${l}: cardului îi lipsește END:VCARD.`,
      NO_BEGIN: (l) => `Linia ${l}: END:VCARD fără BEGIN:VCARD.`,
      OUTSIDE: (l) => `Linia ${l}: text în afara unui card.`,
      EMPTY: (l) => `Linia ${l}: cardul nu are nume, telefon sau e-mail.`,
      TOO_LONG: (l, kb) => `Linia ${l}: cardul depășește ${kb} KB.`,
      PHOTO_TOO_LARGE: (l, kb) => `Linia ${l}: fotografia depășește ${kb} KB și a fost omisă.`,
      PHOTO_INVALID: (l) => `Linia ${l}: fotografia nu este base64 valid și a fost omisă.`,
    },
    types: { CELL: 'Mobil', HOME: 'Acasă', WORK: 'Serviciu', FAX: 'Fax', VOICE: 'Telefon', MAIN: 'Principal', PAGER: 'Pager', OTHER: 'Altul' },
  },
  sq: {
    versionNotFound: 'Versioni i kopjes rezervë nuk u gjet.',
    contactNotFound: 'Kontakti nuk u gjet.',
    searchTooShort: (n) => `Kërkimi kërkon të paktën ${n} karaktere.`,
    tooMany: (n) => `Një libër adresash mban më së shumti ${n} kontakte.`,
    nothingRead: (f) => `Asnjë kontakt nuk u lexua dot. ${f}`,
    noVCard: 'Skedari nuk përmban asnjë vCard.',
    contactChanged: 'Kontakti ndryshoi që kur u lexua.',
    problem: {
      NO_VALUE: (l) => `Rreshti ${l}: një veti pa vlerë.`,
      BAD_NAME: (l) => `Rreshti ${l}: emër vetie i pavlefshëm.`,
      NO_END: (l) => `Rreshti ${l}: karta nuk ka END:VCARD.`,
      NO_BEGIN: (l) => `Rreshti ${l}: END:VCARD pa BEGIN:VCARD.`,
      OUTSIDE: (l) => `Rreshti ${l}: tekst jashtë një karte.`,
      EMPTY: (l) => `Rreshti ${l}: karta nuk ka emër, telefon apo e-mail.`,
      TOO_LONG: (l, kb) => `Rreshti ${l}: karta është më e gjatë se ${kb} KB.`,
      PHOTO_TOO_LARGE: (l, kb) => `Rreshti ${l}: fotoja është më e madhe se ${kb} KB dhe u la jashtë.`,
      PHOTO_INVALID: (l) => `Rreshti ${l}: fotoja nuk është base64 i vlefshëm dhe u la jashtë.`,
    },
    types: { CELL: 'Celular', HOME: 'Shtëpi', WORK: 'Punë', FAX: 'Faks', VOICE: 'Telefon', MAIN: 'Kryesor', PAGER: 'Peixher', OTHER: 'Tjetër' },
  },
  fr: {
    versionNotFound: 'Version de sauvegarde introuvable.',
    contactNotFound: 'Contact introuvable.',
    searchTooShort: (n) => `La recherche demande au moins ${n} caractères.`,
    tooMany: (n) => `Un carnet d’adresses contient au plus ${n} contacts.`,
    nothingRead: (f) => `Aucun contact n’a pu être lu. ${f}`,
    noVCard: 'Le fichier ne contient aucune vCard.',
    contactChanged: 'Le contact a changé depuis sa lecture.',
    problem: {
      NO_VALUE: (l) => `Ligne ${l} : une propriété sans valeur.`,
      BAD_NAME: (l) => `Ligne ${l} : nom de propriété non valide.`,
      NO_END: (l) => `Ligne ${l} : la fiche n’a pas de END:VCARD.`,
      NO_BEGIN: (l) => `Ligne ${l} : END:VCARD sans BEGIN:VCARD.`,
      OUTSIDE: (l) => `Ligne ${l} : texte hors d’une fiche.`,
      EMPTY: (l) => `Ligne ${l} : la fiche n’a ni nom, ni téléphone, ni e-mail.`,
      TOO_LONG: (l, kb) => `Ligne ${l} : la fiche dépasse ${kb} Ko.`,
      PHOTO_TOO_LARGE: (l, kb) => `Ligne ${l} : la photo dépasse ${kb} Ko et a été omise.`,
      PHOTO_INVALID: (l) => `Ligne ${l} : la photo n’est pas en base64 valide et a été omise.`,
    },
    types: { CELL: 'Mobile', HOME: 'Domicile', WORK: 'Travail', FAX: 'Fax', VOICE: 'Téléphone', MAIN: 'Principal', PAGER: 'Bipeur', OTHER: 'Autre' },
  },
  ka: {
    versionNotFound: 'სარეზერვო ვერსია ვერ მოიძებნა.',
    contactNotFound: 'კონტაქტი ვერ მოიძებნა.',
    searchTooShort: (n) => `ძიებას სჭირდება მინიმუმ ${n} სიმბოლო.`,
    tooMany: (n) => `მისამართების წიგნში მაქსიმუმ ${n} კონტაქტი ეტევა.`,
    nothingRead: (f) => `ვერცერთი კონტაქტი ვერ წავიკითხეთ. ${f}`,
    noVCard: 'ფაილში vCard არ არის.',
    contactChanged: 'კონტაქტი შეიცვალა წაკითხვის შემდეგ.',
    problem: {
      NO_VALUE: (l) => `სტრიქონი ${l}: თვისება მნიშვნელობის გარეშე.`,
      BAD_NAME: (l) => `სტრიქონი ${l}: თვისების არასწორი სახელი.`,
      NO_END: (l) => `სტრიქონი ${l}: ბარათს არ აქვს END:VCARD.`,
      NO_BEGIN: (l) => `სტრიქონი ${l}: END:VCARD BEGIN:VCARD-ის გარეშე.`,
      OUTSIDE: (l) => `სტრიქონი ${l}: ტექსტი ბარათის გარეთ.`,
      EMPTY: (l) => `სტრიქონი ${l}: ბარათს არ აქვს სახელი, ტელეფონი ან ელფოსტა.`,
      TOO_LONG: (l, kb) => `სტრიქონი ${l}: ბარათი ${kb} KB-ზე გრძელია.`,
      PHOTO_TOO_LARGE: (l, kb) => `სტრიქონი ${l}: ფოტო ${kb} KB-ზე დიდია და გამოტოვებულია.`,
      PHOTO_INVALID: (l) => `სტრიქონი ${l}: ფოტო არ არის სწორი base64 და გამოტოვებულია.`,
    },
    types: { CELL: 'მობილური', HOME: 'სახლი', WORK: 'სამსახური', FAX: 'ფაქსი', VOICE: 'ტელეფონი', MAIN: 'მთავარი', PAGER: 'პეიჯერი', OTHER: 'სხვა' },
  },
};

export const contactsTexts = (lang: Language): Texts => TEXTS[lang];

/** A parse problem in the account's language (the parser reports them in English). */
export const problemText = (lang: Language, reason: ProblemReason, line: number): string =>
  TEXTS[lang].problem[reason](line, (reason === 'TOO_LONG' ? MAX_CARD_CHARS : MAX_PHOTO_BYTES) / 1024);

/** The label of a value's types in the account's language: its first known type (PREF, INTERNET… say nothing to a person). */
export function typeLabel(lang: Language, types: readonly string[]): string {
  const known = types.find((t): t is LabelledType => (LABELLED_TYPES as readonly string[]).includes(t));
  return known ? TEXTS[lang].types[known] : '';
}
