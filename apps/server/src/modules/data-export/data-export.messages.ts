import type { Language } from '../../shared/schemas.js';

// What the subscriber is told when their data is ready (a notification and an e-mail), in every language of the product.

interface Texts {
  title: string;
  failedTitle: string;
  ready: (parts: number, date: string) => string;
  failed: string;
}

const T: Record<Language, Texts> = {
  tr: {
    failedTitle: 'Verileriniz hazırlanamadı',
    title: 'Verileriniz indirilmeye hazır',
    ready: (n, d) => `Tüm verilerinizi içeren arşiv hazır (${n} parça). Bağlantılar ${d} tarihine kadar geçerlidir; arşivi ayarlardaki bağlı hesaplar bölümünden de indirebilirsiniz.`,
    failed: 'Verilerinizin arşivi hazırlanamadı. Lütfen yeniden deneyin.',
  },
  en: {
    failedTitle: 'Your data could not be prepared',
    title: 'Your data is ready to download',
    ready: (n, d) => `The archive of all your data is ready (${n} ${n === 1 ? 'part' : 'parts'}). The links work until ${d}: Settings → Download all my data.`,
    failed: 'The archive of your data could not be prepared. Please try again.',
  },
  ru: {
    failedTitle: 'Не удалось подготовить ваши данные',
    title: 'Ваши данные готовы к загрузке',
    ready: (n, d) => `Архив со всеми вашими данными готов (частей: ${n}). Ссылки действуют до ${d}: Настройки → Скачать все мои данные.`,
    failed: 'Не удалось подготовить архив ваших данных. Попробуйте ещё раз.',
  },
  uk: {
    failedTitle: 'Не вдалося підготувати ваші дані',
    title: 'Ваші дані готові до завантаження',
    ready: (n, d) => `Архів з усіма вашими даними готовий (частин: ${n}). Посилання діють до ${d}: Налаштування → Завантажити всі мої дані.`,
    failed: 'Не вдалося підготувати архів ваших даних. Спробуйте ще раз.',
  },
  ar: {
    failedTitle: 'تعذّر تجهيز بياناتك',
    title: 'بياناتك جاهزة للتنزيل',
    ready: (n, d) => `الأرشيف الذي يضم جميع بياناتك جاهز (${n} جزء). تعمل الروابط حتى ${d}: الإعدادات ← تنزيل جميع بياناتي.`,
    failed: 'تعذّر تجهيز أرشيف بياناتك. يُرجى المحاولة مرة أخرى.',
  },
  de: {
    failedTitle: 'Ihre Daten konnten nicht vorbereitet werden',
    title: 'Ihre Daten stehen zum Download bereit',
    ready: (n, d) => `Das Archiv mit all Ihren Daten ist fertig (${n} ${n === 1 ? 'Teil' : 'Teile'}). Die Links gelten bis ${d}: Einstellungen → Alle meine Daten herunterladen.`,
    failed: 'Das Archiv Ihrer Daten konnte nicht erstellt werden. Bitte versuchen Sie es erneut.',
  },
  es: {
    failedTitle: 'No se pudieron preparar tus datos',
    title: 'Tus datos están listos para descargar',
    ready: (n, d) => `El archivo con todos tus datos está listo (${n} ${n === 1 ? 'parte' : 'partes'}). Los enlaces funcionan hasta el ${d}: Ajustes → Descargar todos mis datos.`,
    failed: 'No se pudo preparar el archivo con tus datos. Inténtalo de nuevo.',
  },
  ro: {
    failedTitle: 'Datele tale nu au putut fi pregătite',
    title: 'Datele tale sunt gata de descărcare',
    ready: (n, d) => `Arhiva cu toate datele tale este gata (${n} ${n === 1 ? 'parte' : 'părți'}). Linkurile funcționează până la ${d}: Setări → Descarcă toate datele mele.`,
    failed: 'Arhiva cu datele tale nu a putut fi pregătită. Încearcă din nou.',
  },
  sq: {
    failedTitle: 'Të dhënat tuaja nuk u përgatitën dot',
    title: 'Të dhënat tuaja janë gati për shkarkim',
    ready: (n, d) => `Arkivi me të gjitha të dhënat tuaja është gati (${n} pjesë). Lidhjet janë të vlefshme deri më ${d}: Cilësimet → Shkarko të gjitha të dhënat e mia.`,
    failed: 'Arkivi i të dhënave tuaja nuk u përgatit dot. Ju lutemi provoni përsëri.',
  },
  fr: {
    failedTitle: 'Vos données n’ont pas pu être préparées',
    title: 'Vos données sont prêtes à être téléchargées',
    ready: (n, d) => `L’archive de toutes vos données est prête (${n} ${n === 1 ? 'partie' : 'parties'}). Les liens sont valables jusqu’au ${d} : Paramètres → Télécharger toutes mes données.`,
    failed: 'L’archive de vos données n’a pas pu être préparée. Veuillez réessayer.',
  },
  ka: {
    failedTitle: 'თქვენი მონაცემები ვერ მომზადდა',
    title: 'თქვენი მონაცემები მზადაა ჩამოსატვირთად',
    ready: (n, d) => `არქივი თქვენი ყველა მონაცემით მზადაა (${n} ნაწილი). ბმულები მოქმედებს ${d}-მდე: პარამეტრები → ჩემი ყველა მონაცემის ჩამოტვირთვა.`,
    failed: 'თქვენი მონაცემების არქივი ვერ მომზადდა. გთხოვთ, სცადოთ ხელახლა.',
  },
};

/** The notification's and the e-mail's title and text; the e-mail adds the links. */
export function readyNotice(language: Language, parts: number, expiresAt: number): { title: string; body: string } {
  const date = new Date(expiresAt).toISOString().slice(0, 10);
  return { title: T[language].title, body: T[language].ready(parts, date) };
}

export function failedNotice(language: Language): { title: string; body: string } {
  return { title: T[language].failedTitle, body: T[language].failed };
}
