import type { Language } from '../../shared/schemas.js';

/** What the subscriber is told when an agent answers while they are not in the chat (in-app and by e-mail). */
const TEXTS: Record<Language, { title: string; body: string }> = {
  tr: { title: 'Bulut destek ekibi yanıt verdi', body: 'Destek talebinize yeni bir yanıt var. Görmek için Hesap menüsünden Destek’i açın.' },
  en: { title: 'Bulut support has replied', body: 'There is a new reply to your support request. Open Support from the account menu to read it.' },
  ru: { title: 'Служба поддержки Bulut ответила', body: 'На ваше обращение пришёл новый ответ. Откройте «Поддержка» в меню аккаунта, чтобы прочитать его.' },
  uk: { title: 'Служба підтримки Bulut відповіла', body: 'На ваше звернення надійшла нова відповідь. Відкрийте «Підтримка» в меню облікового запису, щоб прочитати її.' },
  ar: { title: 'ردّ فريق دعم Bulut', body: 'يوجد رد جديد على طلب الدعم الخاص بك. افتح الدعم من قائمة الحساب لقراءته.' },
  de: { title: 'Der Bulut-Support hat geantwortet', body: 'Auf Ihre Support-Anfrage gibt es eine neue Antwort. Öffnen Sie „Support“ im Kontomenü, um sie zu lesen.' },
  es: { title: 'El soporte de Bulut ha respondido', body: 'Hay una nueva respuesta a tu solicitud de soporte. Abre Soporte en el menú de la cuenta para leerla.' },
  ro: { title: 'Asistența Bulut a răspuns', body: 'Există un răspuns nou la solicitarea ta de asistență. Deschide Asistență din meniul contului pentru a-l citi.' },
  sq: { title: 'Mbështetja e Bulut u përgjigj', body: 'Ka një përgjigje të re për kërkesën tuaj për mbështetje. Hapni Mbështetja nga menyja e llogarisë për ta lexuar.' },
  fr: { title: 'Le support Bulut a répondu', body: 'Votre demande d’assistance a reçu une nouvelle réponse. Ouvrez Assistance depuis le menu du compte pour la lire.' },
  ka: { title: 'Bulut-ის მხარდაჭერამ გიპასუხათ', body: 'თქვენს მოთხოვნაზე ახალი პასუხია. წასაკითხად გახსენით მხარდაჭერა ანგარიშის მენიუდან.' },
};

export function agentRepliedNotice(language: Language, publicUrl: string | null): { title: string; body: string; email: string } {
  const t = TEXTS[language];
  return { title: t.title, body: t.body, email: publicUrl ? `${t.body}\n\n${publicUrl}/` : t.body };
}
