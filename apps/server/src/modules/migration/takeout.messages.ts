import type { Language } from '../../shared/schemas.js';
import { noticeBody } from './migration.messages.js';

// The notification a Google Photos Takeout import sends when it ends, in every language the product speaks.

export type TakeoutFailureReason = 'QUOTA_EXCEEDED' | 'NAME_REFUSED' | 'UNREADABLE';

interface Texts {
  done: string;
  failed: string;
  summary: (imported: number, skipped: number, albums: number, failed: number) => string;
  failedHeading: string;
  reasons: Record<TakeoutFailureReason, string>;
  more: (n: number) => string;
}

const T: Record<Language, Texts> = {
  tr: {
    done: 'Google Fotoğraflar aktarımı tamamlandı',
    failed: 'Google Fotoğraflar aktarımı durdu',
    summary: (i, s, a, f) => `${i} fotoğraf ve video aktarıldı, ${s} tanesi zaten vardı, ${a} albüm oluşturuldu, ${f} dosya aktarılamadı.`,
    failedHeading: 'Aktarılamayanlar:',
    reasons: { QUOTA_EXCEEDED: 'depolama alanı yetersiz', NAME_REFUSED: 'ad kabul edilmiyor', UNREADABLE: 'arşivde okunamadı' },
    more: (n) => `… ve ${n} dosya daha`,
  },
  en: {
    done: 'Google Photos import finished',
    failed: 'Google Photos import stopped',
    summary: (i, s, a, f) => `${i} photos and videos imported, ${s} were already here, ${a} albums created, ${f} could not be imported.`,
    failedHeading: 'Not imported:',
    reasons: { QUOTA_EXCEEDED: 'not enough storage', NAME_REFUSED: 'name not accepted', UNREADABLE: 'could not be read from the archive' },
    more: (n) => `… and ${n} more`,
  },
  ru: {
    done: 'Импорт из Google Фото завершён',
    failed: 'Импорт из Google Фото остановлен',
    summary: (i, s, a, f) => `Импортировано фото и видео: ${i}, уже были здесь: ${s}, создано альбомов: ${a}, не удалось импортировать: ${f}.`,
    failedHeading: 'Не импортированы:',
    reasons: { QUOTA_EXCEEDED: 'недостаточно места', NAME_REFUSED: 'недопустимое имя', UNREADABLE: 'не удалось прочитать из архива' },
    more: (n) => `… и ещё ${n}`,
  },
  uk: {
    done: 'Імпорт із Google Фото завершено',
    failed: 'Імпорт із Google Фото зупинено',
    summary: (i, s, a, f) => `Імпортовано фото й відео: ${i}, уже були тут: ${s}, створено альбомів: ${a}, не вдалося імпортувати: ${f}.`,
    failedHeading: 'Не імпортовано:',
    reasons: { QUOTA_EXCEEDED: 'недостатньо місця', NAME_REFUSED: 'неприпустима назва', UNREADABLE: 'не вдалося прочитати з архіву' },
    more: (n) => `… і ще ${n}`,
  },
  ar: {
    done: 'اكتمل الاستيراد من صور Google',
    failed: 'توقّف الاستيراد من صور Google',
    summary: (i, s, a, f) => `تم استيراد ${i} من الصور والفيديوهات، و${s} موجودة بالفعل، وأُنشئ ${a} ألبومًا، وتعذّر استيراد ${f}.`,
    failedHeading: 'لم يتم استيرادها:',
    reasons: { QUOTA_EXCEEDED: 'مساحة التخزين غير كافية', NAME_REFUSED: 'الاسم غير مقبول', UNREADABLE: 'تعذّرت قراءته من الأرشيف' },
    more: (n) => `… و${n} أخرى`,
  },
  de: {
    done: 'Import aus Google Fotos abgeschlossen',
    failed: 'Import aus Google Fotos angehalten',
    summary: (i, s, a, f) => `${i} Fotos und Videos importiert, ${s} waren schon da, ${a} Alben erstellt, ${f} konnten nicht importiert werden.`,
    failedHeading: 'Nicht importiert:',
    reasons: { QUOTA_EXCEEDED: 'nicht genügend Speicherplatz', NAME_REFUSED: 'Name nicht zulässig', UNREADABLE: 'im Archiv nicht lesbar' },
    more: (n) => `… und ${n} weitere`,
  },
  es: {
    done: 'Importación de Google Fotos terminada',
    failed: 'Importación de Google Fotos detenida',
    summary: (i, s, a, f) => `${i} fotos y vídeos importados, ${s} ya estaban aquí, ${a} álbumes creados, ${f} no se pudieron importar.`,
    failedHeading: 'No importados:',
    reasons: { QUOTA_EXCEEDED: 'espacio de almacenamiento insuficiente', NAME_REFUSED: 'nombre no admitido', UNREADABLE: 'no se pudo leer del archivo' },
    more: (n) => `… y ${n} más`,
  },
  ro: {
    done: 'Importul din Google Foto s-a încheiat',
    failed: 'Importul din Google Foto s-a oprit',
    summary: (i, s, a, f) => `${i} fotografii și videoclipuri importate, ${s} existau deja, ${a} albume create, ${f} nu au putut fi importate.`,
    failedHeading: 'Neimportate:',
    reasons: { QUOTA_EXCEEDED: 'spațiu de stocare insuficient', NAME_REFUSED: 'nume neacceptat', UNREADABLE: 'nu a putut fi citit din arhivă' },
    more: (n) => `… și încă ${n}`,
  },
  sq: {
    done: 'Importimi nga Google Photos përfundoi',
    failed: 'Importimi nga Google Photos u ndal',
    summary: (i, s, a, f) => `${i} foto dhe video u importuan, ${s} ishin tashmë këtu, ${a} albume u krijuan, ${f} nuk u importuan dot.`,
    failedHeading: 'Të paimportuar:',
    reasons: { QUOTA_EXCEEDED: 'hapësirë ruajtjeje e pamjaftueshme', NAME_REFUSED: 'emër i papranueshëm', UNREADABLE: 'nuk u lexua dot nga arkivi' },
    more: (n) => `… dhe ${n} të tjerë`,
  },
  fr: {
    done: 'Importation depuis Google Photos terminée',
    failed: 'Importation depuis Google Photos interrompue',
    summary: (i, s, a, f) => `${i} photos et vidéos importées, ${s} déjà présentes, ${a} albums créés, ${f} n’ont pas pu être importées.`,
    failedHeading: 'Non importées :',
    reasons: { QUOTA_EXCEEDED: 'espace de stockage insuffisant', NAME_REFUSED: 'nom non accepté', UNREADABLE: 'illisible dans l’archive' },
    more: (n) => `… et ${n} autres`,
  },
  ka: {
    done: 'Google Photos-დან იმპორტი დასრულდა',
    failed: 'Google Photos-დან იმპორტი შეჩერდა',
    summary: (i, s, a, f) => `იმპორტირებულია ${i} ფოტო და ვიდეო, ${s} უკვე აქ იყო, შეიქმნა ${a} ალბომი, ${f} ვერ იმპორტირდა.`,
    failedHeading: 'ვერ იმპორტირდა:',
    reasons: { QUOTA_EXCEEDED: 'საცავში ადგილი არ არის საკმარისი', NAME_REFUSED: 'სახელი დაუშვებელია', UNREADABLE: 'არქივიდან ვერ წაიკითხა' },
    more: (n) => `… და კიდევ ${n}`,
  },
};

export function takeoutNotice(
  language: Language,
  status: 'DONE' | 'FAILED',
  counts: { imported: number; skipped: number; albums: number; failed: number },
  failures: Array<{ path: string; reason: TakeoutFailureReason }>,
): { title: string; body: string } {
  const t = T[language];
  return { title: status === 'DONE' ? t.done : t.failed, body: noticeBody(t.summary(counts.imported, counts.skipped, counts.albums, counts.failed), failures, t) };
}
