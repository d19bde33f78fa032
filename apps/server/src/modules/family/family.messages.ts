import type { Language } from '../../shared/schemas.js';

/** Texts the server sends for family invitations, in every interface language. */
interface Texts {
  /** Notification title, e-mail subject and SMS opening. */
  title: (admin: string) => string;
  /** Notification body (the in-app list links to the invitation screen). */
  body: string;
  /** E-mail and SMS text before the link. */
  link: string;
}

const TEXTS: Record<Language, Texts> = {
  tr: {
    title: (a) => `${a} sizi Bulut aile paketini paylaşmaya davet ediyor`,
    body: 'Davet 7 gün geçerlidir. Paketler › Aile daveti bölümünden kabul edebilir ya da reddedebilirsiniz.',
    link: 'Daveti görmek için bağlantıyı açın (7 gün geçerli):',
  },
  en: {
    title: (a) => `${a} invites you to share their Bulut family plan`,
    body: 'The invitation is valid for 7 days. Accept or decline it under Packages › Family invitation.',
    link: 'Open the link to see the invitation (valid for 7 days):',
  },
  ru: {
    title: (a) => `${a} приглашает вас в семейный тариф Bulut`,
    body: 'Приглашение действует 7 дней. Примите или отклоните его в разделе Пакеты › Семейное приглашение.',
    link: 'Откройте ссылку, чтобы увидеть приглашение (действует 7 дней):',
  },
  uk: {
    title: (a) => `${a} запрошує вас до сімейного тарифу Bulut`,
    body: 'Запрошення дійсне 7 днів. Прийміть або відхиліть його в розділі Пакети › Сімейне запрошення.',
    link: 'Відкрийте посилання, щоб побачити запрошення (дійсне 7 днів):',
  },
  ar: {
    title: (a) => `يدعوك ${a} إلى مشاركة باقة Bulut العائلية`,
    body: 'الدعوة صالحة لمدة 7 أيام. اقبلها أو ارفضها من الباقات › دعوة العائلة.',
    link: 'افتح الرابط لعرض الدعوة (صالح لمدة 7 أيام):',
  },
  de: {
    title: (a) => `${a} lädt Sie ein, den Bulut-Familientarif zu teilen`,
    body: 'Die Einladung gilt 7 Tage. Nehmen Sie sie unter Pakete › Familieneinladung an oder lehnen Sie sie ab.',
    link: 'Öffnen Sie den Link, um die Einladung zu sehen (7 Tage gültig):',
  },
  es: {
    title: (a) => `${a} te invita a compartir su plan familiar de Bulut`,
    body: 'La invitación es válida durante 7 días. Acéptala o recházala en Paquetes › Invitación familiar.',
    link: 'Abre el enlace para ver la invitación (válido 7 días):',
  },
  ro: {
    title: (a) => `${a} te invită să împarți abonamentul de familie Bulut`,
    body: 'Invitația este valabilă 7 zile. O poți accepta sau refuza din Pachete › Invitație de familie.',
    link: 'Deschide linkul pentru a vedea invitația (valabil 7 zile):',
  },
  sq: {
    title: (a) => `${a} ju fton të ndani planin familjar Bulut`,
    body: 'Ftesa është e vlefshme për 7 ditë. Pranojeni ose refuzojeni te Paketat › Ftesë familjare.',
    link: 'Hapni lidhjen për të parë ftesën (e vlefshme 7 ditë):',
  },
  fr: {
    title: (a) => `${a} vous invite à partager son forfait famille Bulut`,
    body: 'L’invitation est valable 7 jours. Acceptez-la ou refusez-la dans Forfaits › Invitation familiale.',
    link: 'Ouvrez le lien pour voir l’invitation (valable 7 jours) :',
  },
  ka: {
    title: (a) => `${a} გიწვევთ Bulut-ის საოჯახო პაკეტის გასაზიარებლად`,
    body: 'მოწვევა მოქმედებს 7 დღე. მიიღეთ ან უარყავით ის განყოფილებაში პაკეტები › საოჯახო მოწვევა.',
    link: 'გახსენით ბმული მოწვევის სანახავად (მოქმედებს 7 დღე):',
  },
};

export function invitationMessage(lang: Language, adminName: string, url: string) {
  const t = TEXTS[lang];
  const title = t.title(adminName);
  return { title, body: t.body, text: `${title}\n\n${t.link} ${url}` };
}
