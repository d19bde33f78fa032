import type { Language } from '../../shared/schemas.js';

// The notification an import sends when it ends, in every language the product speaks.

export type FailureReason = 'NAME_REFUSED' | 'DELETED' | 'QUOTA_EXCEEDED' | 'CONTENT_MISMATCH' | 'NOT_DOWNLOADABLE';

interface Texts {
  title: string;
  summary: (imported: number, unchanged: number, failed: number) => string;
  failedHeading: string;
  reasons: Record<FailureReason, string>;
  more: (n: number) => string;
}

export const IMPORT_MESSAGES: Record<Language, Texts> = {
  tr: {
    title: 'Dropbox aktarımı tamamlandı',
    summary: (i, u, f) => `${i} dosya aktarıldı, ${u} dosya zaten güncel, ${f} dosya aktarılamadı.`,
    failedHeading: 'Aktarılamayanlar:',
    reasons: { NAME_REFUSED: 'ad kabul edilmiyor', DELETED: 'aktarım sırasında Dropbox’tan silindi', QUOTA_EXCEEDED: 'depolama alanı yetersiz', CONTENT_MISMATCH: 'içerik doğrulanamadı', NOT_DOWNLOADABLE: 'indirilemiyor' },
    more: (n) => `… ve ${n} dosya daha`,
  },
  en: {
    title: 'Dropbox import finished',
    summary: (i, u, f) => `${i} files imported, ${u} already up to date, ${f} could not be imported.`,
    failedHeading: 'Not imported:',
    reasons: { NAME_REFUSED: 'name not accepted', DELETED: 'deleted from Dropbox during the import', QUOTA_EXCEEDED: 'not enough storage', CONTENT_MISMATCH: 'content could not be verified', NOT_DOWNLOADABLE: 'cannot be downloaded' },
    more: (n) => `… and ${n} more`,
  },
  ru: {
    title: 'Импорт из Dropbox завершён',
    summary: (i, u, f) => `Импортировано файлов: ${i}, уже актуальны: ${u}, не удалось импортировать: ${f}.`,
    failedHeading: 'Не импортированы:',
    reasons: { NAME_REFUSED: 'недопустимое имя', DELETED: 'удалён из Dropbox во время импорта', QUOTA_EXCEEDED: 'недостаточно места', CONTENT_MISMATCH: 'не удалось проверить содержимое', NOT_DOWNLOADABLE: 'нельзя скачать' },
    more: (n) => `… и ещё ${n}`,
  },
  uk: {
    title: 'Імпорт із Dropbox завершено',
    summary: (i, u, f) => `Імпортовано файлів: ${i}, уже актуальні: ${u}, не вдалося імпортувати: ${f}.`,
    failedHeading: 'Не імпортовано:',
    reasons: { NAME_REFUSED: 'неприпустима назва', DELETED: 'видалено з Dropbox під час імпорту', QUOTA_EXCEEDED: 'недостатньо місця', CONTENT_MISMATCH: 'не вдалося перевірити вміст', NOT_DOWNLOADABLE: 'неможливо завантажити' },
    more: (n) => `… і ще ${n}`,
  },
  ar: {
    title: 'اكتمل الاستيراد من Dropbox',
    summary: (i, u, f) => `تم استيراد ${i} ملفًا، و${u} محدّثة بالفعل، وتعذّر استيراد ${f}.`,
    failedHeading: 'لم يتم استيرادها:',
    reasons: { NAME_REFUSED: 'الاسم غير مقبول', DELETED: 'حُذف من Dropbox أثناء الاستيراد', QUOTA_EXCEEDED: 'مساحة التخزين غير كافية', CONTENT_MISMATCH: 'تعذّر التحقق من المحتوى', NOT_DOWNLOADABLE: 'لا يمكن تنزيله' },
    more: (n) => `… و${n} أخرى`,
  },
  de: {
    title: 'Dropbox-Import abgeschlossen',
    summary: (i, u, f) => `${i} Dateien importiert, ${u} bereits aktuell, ${f} konnten nicht importiert werden.`,
    failedHeading: 'Nicht importiert:',
    reasons: { NAME_REFUSED: 'Name nicht zulässig', DELETED: 'während des Imports aus Dropbox gelöscht', QUOTA_EXCEEDED: 'nicht genügend Speicherplatz', CONTENT_MISMATCH: 'Inhalt konnte nicht geprüft werden', NOT_DOWNLOADABLE: 'nicht herunterladbar' },
    more: (n) => `… und ${n} weitere`,
  },
  es: {
    title: 'Importación de Dropbox terminada',
    summary: (i, u, f) => `${i} archivos importados, ${u} ya actualizados, ${f} no se pudieron importar.`,
    failedHeading: 'No importados:',
    reasons: { NAME_REFUSED: 'nombre no admitido', DELETED: 'eliminado de Dropbox durante la importación', QUOTA_EXCEEDED: 'espacio de almacenamiento insuficiente', CONTENT_MISMATCH: 'no se pudo verificar el contenido', NOT_DOWNLOADABLE: 'no se puede descargar' },
    more: (n) => `… y ${n} más`,
  },
  ro: {
    title: 'Importul din Dropbox s-a încheiat',
    summary: (i, u, f) => `${i} fișiere importate, ${u} deja actualizate, ${f} nu au putut fi importate.`,
    failedHeading: 'Neimportate:',
    reasons: { NAME_REFUSED: 'nume neacceptat', DELETED: 'șters din Dropbox în timpul importului', QUOTA_EXCEEDED: 'spațiu de stocare insuficient', CONTENT_MISMATCH: 'conținutul nu a putut fi verificat', NOT_DOWNLOADABLE: 'nu poate fi descărcat' },
    more: (n) => `… și încă ${n}`,
  },
  sq: {
    title: 'Importimi nga Dropbox përfundoi',
    summary: (i, u, f) => `${i} skedarë u importuan, ${u} ishin tashmë të përditësuar, ${f} nuk u importuan dot.`,
    failedHeading: 'Të paimportuar:',
    reasons: { NAME_REFUSED: 'emër i papranueshëm', DELETED: 'u fshi nga Dropbox gjatë importimit', QUOTA_EXCEEDED: 'hapësirë ruajtjeje e pamjaftueshme', CONTENT_MISMATCH: 'përmbajtja nuk u verifikua dot', NOT_DOWNLOADABLE: 'nuk mund të shkarkohet' },
    more: (n) => `… dhe ${n} të tjerë`,
  },
  fr: {
    title: 'Importation depuis Dropbox terminée',
    summary: (i, u, f) => `${i} fichiers importés, ${u} déjà à jour, ${f} n’ont pas pu être importés.`,
    failedHeading: 'Non importés :',
    reasons: { NAME_REFUSED: 'nom non accepté', DELETED: 'supprimé de Dropbox pendant l’importation', QUOTA_EXCEEDED: 'espace de stockage insuffisant', CONTENT_MISMATCH: 'contenu non vérifiable', NOT_DOWNLOADABLE: 'impossible à télécharger' },
    more: (n) => `… et ${n} autres`,
  },
  ka: {
    title: 'Dropbox-დან იმპორტი დასრულდა',
    summary: (i, u, f) => `იმპორტირებულია ${i} ფაილი, ${u} უკვე განახლებულია, ${f} ვერ იმპორტირდა.`,
    failedHeading: 'ვერ იმპორტირდა:',
    reasons: { NAME_REFUSED: 'სახელი დაუშვებელია', DELETED: 'წაიშალა Dropbox-დან იმპორტის დროს', QUOTA_EXCEEDED: 'საცავში ადგილი არ არის საკმარისი', CONTENT_MISMATCH: 'შიგთავსი ვერ შემოწმდა', NOT_DOWNLOADABLE: 'ვერ ჩამოიტვირთება' },
    more: (n) => `… და კიდევ ${n}`,
  },
};

/** How many failures the notification lists by name (the status call lists them all). */
const LISTED = 20;

export function importNotice(
  language: Language,
  counts: { imported: number; unchanged: number; failed: number },
  failures: Array<{ path: string; reason: FailureReason }>,
): { title: string; body: string } {
  const t = IMPORT_MESSAGES[language];
  return { title: t.title, body: noticeBody(t.summary(counts.imported, counts.unchanged, counts.failed), failures, t) };
}

/** An import's report: the summary line, the first failures by path with their reason, and how many more. */
export function noticeBody<R extends string>(
  summary: string,
  failures: ReadonlyArray<{ path: string; reason: R }>,
  t: { failedHeading: string; reasons: Record<R, string>; more: (n: number) => string },
): string {
  const lines = [summary];
  if (failures.length > 0) {
    lines.push(t.failedHeading, ...failures.slice(0, LISTED).map((f) => `${f.path}: ${t.reasons[f.reason]}`));
    if (failures.length > LISTED) lines.push(t.more(failures.length - LISTED));
  }
  return lines.join('\n');
}
