import { toLanguage, type Language } from '../../../shared/schemas.js';

/** The SMS the sandbox sends as card issuer (3-D Secure) and wallet, in every interface language. */
interface SandboxTexts {
  threeDs: (code: string, amount: string) => string;
  wallet: (code: string, amount: string) => string;
}

const TEXTS: Record<Language, SandboxTexts> = {
  tr: {
    threeDs: (c, a) => `3-D Secure: ${a} tutarındaki ödemeniz için doğrulama kodunuz ${c}.`,
    wallet: (c, a) => `Paycell: ${a} tutarındaki ödemenizi ${c} koduyla onaylayın (3 dakika).`,
  },
  en: {
    threeDs: (c, a) => `3-D Secure: your verification code for the payment of ${a} is ${c}.`,
    wallet: (c, a) => `Paycell: confirm your payment of ${a} with the code ${c} (3 minutes).`,
  },
  ru: {
    threeDs: (c, a) => `3-D Secure: код подтверждения платежа на сумму ${a}: ${c}.`,
    wallet: (c, a) => `Paycell: подтвердите платёж на сумму ${a} кодом ${c} (3 минуты).`,
  },
  uk: {
    threeDs: (c, a) => `3-D Secure: код підтвердження платежу на суму ${a}: ${c}.`,
    wallet: (c, a) => `Paycell: підтвердьте платіж на суму ${a} кодом ${c} (3 хвилини).`,
  },
  ar: {
    threeDs: (c, a) => `3-D Secure: رمز التحقق لدفعة بقيمة ${a} هو ${c}.`,
    wallet: (c, a) => `Paycell: أكّد دفعتك بقيمة ${a} بالرمز ${c} (3 دقائق).`,
  },
  de: {
    threeDs: (c, a) => `3-D Secure: Ihr Bestätigungscode für die Zahlung von ${a} lautet ${c}.`,
    wallet: (c, a) => `Paycell: Bestätigen Sie Ihre Zahlung von ${a} mit dem Code ${c} (3 Minuten).`,
  },
  es: {
    threeDs: (c, a) => `3-D Secure: su código de verificación para el pago de ${a} es ${c}.`,
    wallet: (c, a) => `Paycell: confirme su pago de ${a} con el código ${c} (3 minutos).`,
  },
  ro: {
    threeDs: (c, a) => `3-D Secure: codul de verificare pentru plata de ${a} este ${c}.`,
    wallet: (c, a) => `Paycell: confirmați plata de ${a} cu codul ${c} (3 minute).`,
  },
  sq: {
    threeDs: (c, a) => `3-D Secure: kodi i verifikimit për pagesën prej ${a} është ${c}.`,
    wallet: (c, a) => `Paycell: konfirmoni pagesën prej ${a} me kodin ${c} (3 minuta).`,
  },
  fr: {
    threeDs: (c, a) => `3-D Secure : votre code de vérification pour le paiement de ${a} est ${c}.`,
    wallet: (c, a) => `Paycell : confirmez votre paiement de ${a} avec le code ${c} (3 minutes).`,
  },
  ka: {
    threeDs: (c, a) => `3-D Secure: ${a} გადახდის დამადასტურებელი კოდია ${c}.`,
    wallet: (c, a) => `Paycell: დაადასტურეთ ${a} გადახდა კოდით ${c} (3 წუთი).`,
  },
};

/** The amount in the language's notation (minor units, two decimals). */
export const formatAmount = (minor: number, currency: string, language: Language) =>
  new Intl.NumberFormat(language, { style: 'currency', currency }).format(minor / 100);

/** The 3-D Secure code SMS in the subscriber's language (stored with the charge; Turkish if none). */
export function threeDsText(language: string | null, code: string, minor: number, currency: string): string {
  const lang = toLanguage(language ?? 'tr', 'tr');
  return TEXTS[lang].threeDs(code, formatAmount(minor, currency, lang));
}

/** The wallet's confirmation code SMS in the subscriber's language. */
export function walletText(language: string | null, code: string, minor: number, currency: string): string {
  const lang = toLanguage(language ?? 'tr', 'tr');
  return TEXTS[lang].wallet(code, formatAmount(minor, currency, lang));
}
