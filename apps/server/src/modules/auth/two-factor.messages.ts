import type { Language } from '../../shared/schemas.js';

/** The second-step sign-in code, by SMS or e-mail, in every interface language. */
const code: Record<Language, (c: string, min: number) => string> = {
  en: (c, m) => `Your Bulut sign-in code is ${c}. It expires in ${m} minutes. If you are not signing in, change your password.`,
  tr: (c, m) => `Bulut giriş kodunuz ${c}. Kod ${m} dakika geçerlidir. Giriş yapan siz değilseniz şifrenizi değiştirin.`,
  ru: (c, m) => `Ваш код входа в Bulut: ${c}. Он действует ${m} минуты. Если это не вы входите, смените пароль.`,
  uk: (c, m) => `Ваш код входу до Bulut: ${c}. Він дійсний ${m} хвилини. Якщо це не ви входите, змініть пароль.`,
  ar: (c, m) => `رمز تسجيل الدخول إلى Bulut هو ${c}. تنتهي صلاحيته خلال ${m} دقائق. إن لم تكن أنت من يسجّل الدخول، فغيّر كلمة المرور.`,
  de: (c, m) => `Ihr Bulut-Anmeldecode lautet ${c}. Er ist ${m} Minuten gültig. Wenn Sie sich nicht anmelden, ändern Sie Ihr Passwort.`,
  es: (c, m) => `Tu código de inicio de sesión de Bulut es ${c}. Caduca en ${m} minutos. Si no estás iniciando sesión, cambia tu contraseña.`,
  ro: (c, m) => `Codul tău de conectare Bulut este ${c}. Expiră în ${m} minute. Dacă nu te conectezi tu, schimbă parola.`,
  sq: (c, m) => `Kodi juaj i hyrjes në Bulut është ${c}. Skadon pas ${m} minutash. Nëse nuk po hyni ju, ndryshoni fjalëkalimin.`,
  fr: (c, m) => `Votre code de connexion Bulut est ${c}. Il expire dans ${m} minutes. Si ce n’est pas vous qui vous connectez, changez votre mot de passe.`,
  ka: (c, m) => `თქვენი Bulut-ში შესვლის კოდია ${c}. ის მოქმედებს ${m} წუთის განმავლობაში. თუ თქვენ არ შედიხართ, შეცვალეთ პაროლი.`,
};

const subject: Record<Language, string> = {
  en: 'Your Bulut sign-in code',
  tr: 'Bulut giriş kodunuz',
  ru: 'Ваш код входа в Bulut',
  uk: 'Ваш код входу до Bulut',
  ar: 'رمز تسجيل الدخول إلى Bulut',
  de: 'Ihr Bulut-Anmeldecode',
  es: 'Tu código de inicio de sesión de Bulut',
  ro: 'Codul tău de conectare Bulut',
  sq: 'Kodi juaj i hyrjes në Bulut',
  fr: 'Votre code de connexion Bulut',
  ka: 'თქვენი Bulut-ში შესვლის კოდი',
};

export const signInCodeText = (lang: Language, c: string, minutes: number) => code[lang](c, minutes);
export const signInCodeSubject = (lang: Language) => subject[lang];
