import type { Language } from '../../shared/schemas.js';

/** The subscriber-facing labels of operator actions on an account; any other action reads as `other`. */
type Label =
  | 'subscriber.suspend'
  | 'subscriber.unsuspend'
  | 'subscriber.sessions.end'
  | 'subscriber.twofactor.remove'
  | 'subscriber.lockout.lift'
  | 'subscriber.quota.grant'
  | 'subscriber.verification.resend'
  | 'order.refund'
  | 'other';

interface Texts {
  title: string;
  /** "Bulut support made a change to your account: <label>" — never who. */
  body: (label: string) => string;
  labels: Record<Label, string>;
}

const TEXTS: Record<Language, Texts> = {
  tr: {
    title: 'Bulut destek hesabınızda değişiklik yaptı',
    body: (l) => `Bulut destek hesabınızda bir değişiklik yaptı: ${l}`,
    labels: {
      'subscriber.suspend': 'hesap askıya alındı',
      'subscriber.unsuspend': 'hesap yeniden açıldı',
      'subscriber.sessions.end': 'tüm oturumlar kapatıldı',
      'subscriber.twofactor.remove': 'iki adımlı doğrulama kaldırıldı',
      'subscriber.lockout.lift': 'giriş kilidi kaldırıldı',
      'subscriber.quota.grant': 'ek depolama alanı tanımlandı',
      'subscriber.verification.resend': 'doğrulama yeniden gönderildi',
      'order.refund': 'ödeme iade edildi',
      other: 'hesap ayarları',
    },
  },
  en: {
    title: 'Bulut support made a change to your account',
    body: (l) => `Bulut support made a change to your account: ${l}`,
    labels: {
      'subscriber.suspend': 'account suspended',
      'subscriber.unsuspend': 'account reopened',
      'subscriber.sessions.end': 'all sessions ended',
      'subscriber.twofactor.remove': 'two-step verification removed',
      'subscriber.lockout.lift': 'sign-in lock lifted',
      'subscriber.quota.grant': 'bonus storage granted',
      'subscriber.verification.resend': 'verification sent again',
      'order.refund': 'payment refunded',
      other: 'account settings',
    },
  },
  ru: {
    title: 'Поддержка Bulut изменила ваш аккаунт',
    body: (l) => `Поддержка Bulut внесла изменение в ваш аккаунт: ${l}`,
    labels: {
      'subscriber.suspend': 'аккаунт приостановлен',
      'subscriber.unsuspend': 'аккаунт снова открыт',
      'subscriber.sessions.end': 'все сеансы завершены',
      'subscriber.twofactor.remove': 'двухэтапная проверка отключена',
      'subscriber.lockout.lift': 'блокировка входа снята',
      'subscriber.quota.grant': 'добавлено бонусное хранилище',
      'subscriber.verification.resend': 'подтверждение отправлено повторно',
      'order.refund': 'платёж возвращён',
      other: 'настройки аккаунта',
    },
  },
  uk: {
    title: 'Підтримка Bulut змінила ваш обліковий запис',
    body: (l) => `Підтримка Bulut внесла зміну у ваш обліковий запис: ${l}`,
    labels: {
      'subscriber.suspend': 'обліковий запис призупинено',
      'subscriber.unsuspend': 'обліковий запис знову відкрито',
      'subscriber.sessions.end': 'усі сеанси завершено',
      'subscriber.twofactor.remove': 'двоетапну перевірку вимкнено',
      'subscriber.lockout.lift': 'блокування входу знято',
      'subscriber.quota.grant': 'додано бонусне сховище',
      'subscriber.verification.resend': 'підтвердження надіслано повторно',
      'order.refund': 'платіж повернено',
      other: 'налаштування облікового запису',
    },
  },
  ar: {
    title: 'أجرى دعم Bulut تغييرًا على حسابك',
    body: (l) => `أجرى دعم Bulut تغييرًا على حسابك: ${l}`,
    labels: {
      'subscriber.suspend': 'تم تعليق الحساب',
      'subscriber.unsuspend': 'تمت إعادة فتح الحساب',
      'subscriber.sessions.end': 'تم إنهاء جميع الجلسات',
      'subscriber.twofactor.remove': 'تمت إزالة التحقق بخطوتين',
      'subscriber.lockout.lift': 'تم رفع قفل تسجيل الدخول',
      'subscriber.quota.grant': 'تمت إضافة مساحة تخزين إضافية',
      'subscriber.verification.resend': 'تمت إعادة إرسال التحقق',
      'order.refund': 'تم استرداد الدفعة',
      other: 'إعدادات الحساب',
    },
  },
  de: {
    title: 'Der Bulut-Support hat Ihr Konto geändert',
    body: (l) => `Der Bulut-Support hat eine Änderung an Ihrem Konto vorgenommen: ${l}`,
    labels: {
      'subscriber.suspend': 'Konto gesperrt',
      'subscriber.unsuspend': 'Konto wieder freigegeben',
      'subscriber.sessions.end': 'alle Sitzungen beendet',
      'subscriber.twofactor.remove': 'Bestätigung in zwei Schritten entfernt',
      'subscriber.lockout.lift': 'Anmeldesperre aufgehoben',
      'subscriber.quota.grant': 'Bonusspeicher gewährt',
      'subscriber.verification.resend': 'Bestätigung erneut gesendet',
      'order.refund': 'Zahlung erstattet',
      other: 'Kontoeinstellungen',
    },
  },
  es: {
    title: 'El soporte de Bulut ha modificado su cuenta',
    body: (l) => `El soporte de Bulut ha realizado un cambio en su cuenta: ${l}`,
    labels: {
      'subscriber.suspend': 'cuenta suspendida',
      'subscriber.unsuspend': 'cuenta reactivada',
      'subscriber.sessions.end': 'todas las sesiones cerradas',
      'subscriber.twofactor.remove': 'verificación en dos pasos eliminada',
      'subscriber.lockout.lift': 'bloqueo de inicio de sesión levantado',
      'subscriber.quota.grant': 'almacenamiento adicional concedido',
      'subscriber.verification.resend': 'verificación enviada de nuevo',
      'order.refund': 'pago reembolsado',
      other: 'ajustes de la cuenta',
    },
  },
  ro: {
    title: 'Asistența Bulut a modificat contul dvs.',
    body: (l) => `Asistența Bulut a făcut o modificare în contul dvs.: ${l}`,
    labels: {
      'subscriber.suspend': 'cont suspendat',
      'subscriber.unsuspend': 'cont redeschis',
      'subscriber.sessions.end': 'toate sesiunile au fost închise',
      'subscriber.twofactor.remove': 'verificarea în doi pași a fost eliminată',
      'subscriber.lockout.lift': 'blocarea autentificării a fost ridicată',
      'subscriber.quota.grant': 'spațiu de stocare bonus acordat',
      'subscriber.verification.resend': 'verificare retrimisă',
      'order.refund': 'plată rambursată',
      other: 'setările contului',
    },
  },
  sq: {
    title: 'Mbështetja e Bulut bëri një ndryshim në llogarinë tuaj',
    body: (l) => `Mbështetja e Bulut bëri një ndryshim në llogarinë tuaj: ${l}`,
    labels: {
      'subscriber.suspend': 'llogaria u pezullua',
      'subscriber.unsuspend': 'llogaria u rihap',
      'subscriber.sessions.end': 'të gjitha seancat u mbyllën',
      'subscriber.twofactor.remove': 'verifikimi me dy hapa u hoq',
      'subscriber.lockout.lift': 'bllokimi i hyrjes u hoq',
      'subscriber.quota.grant': 'u dha hapësirë shtesë ruajtjeje',
      'subscriber.verification.resend': 'verifikimi u ridërgua',
      'order.refund': 'pagesa u rimbursua',
      other: 'cilësimet e llogarisë',
    },
  },
  fr: {
    title: 'Le support Bulut a modifié votre compte',
    body: (l) => `Le support Bulut a apporté une modification à votre compte : ${l}`,
    labels: {
      'subscriber.suspend': 'compte suspendu',
      'subscriber.unsuspend': 'compte rétabli',
      'subscriber.sessions.end': 'toutes les sessions fermées',
      'subscriber.twofactor.remove': 'validation en deux étapes supprimée',
      'subscriber.lockout.lift': 'blocage de connexion levé',
      'subscriber.quota.grant': 'stockage bonus accordé',
      'subscriber.verification.resend': 'vérification renvoyée',
      'order.refund': 'paiement remboursé',
      other: 'paramètres du compte',
    },
  },
  ka: {
    title: 'Bulut-ის მხარდაჭერამ თქვენი ანგარიში შეცვალა',
    body: (l) => `Bulut-ის მხარდაჭერამ თქვენს ანგარიშში ცვლილება შეიტანა: ${l}`,
    labels: {
      'subscriber.suspend': 'ანგარიში შეჩერდა',
      'subscriber.unsuspend': 'ანგარიში ხელახლა გაიხსნა',
      'subscriber.sessions.end': 'ყველა სესია დასრულდა',
      'subscriber.twofactor.remove': 'ორსაფეხურიანი დადასტურება მოიხსნა',
      'subscriber.lockout.lift': 'შესვლის დაბლოკვა მოიხსნა',
      'subscriber.quota.grant': 'დამატებითი საცავი მიენიჭა',
      'subscriber.verification.resend': 'დადასტურება ხელახლა გაიგზავნა',
      'order.refund': 'გადახდა დაბრუნდა',
      other: 'ანგარიშის პარამეტრები',
    },
  },
};

/** The notification a subscriber gets when an operator acted on their account. */
export function operatorActionNotice(language: Language, action: string): { title: string; body: string } {
  const t = TEXTS[language];
  const label = Object.prototype.hasOwnProperty.call(t.labels, action) ? t.labels[action as Label] : t.labels.other;
  return { title: t.title, body: t.body(label) };
}
