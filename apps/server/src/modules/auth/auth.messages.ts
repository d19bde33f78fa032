import type { Language } from '../../shared/schemas.js';

/** The e-mail that tells an owner their account was locked after failed sign-ins, in every interface language. */
const subject: Record<Language, string> = {
  en: 'Sign-in to your Bulut account was locked',
  tr: 'Bulut hesabınızda oturum açma kilitlendi',
  ru: 'Вход в ваш аккаунт Bulut заблокирован',
  uk: 'Вхід до вашого облікового запису Bulut заблоковано',
  ar: 'تم قفل تسجيل الدخول إلى حسابك في Bulut',
  de: 'Die Anmeldung bei Ihrem Bulut-Konto wurde gesperrt',
  es: 'Se bloqueó el inicio de sesión en tu cuenta de Bulut',
  ro: 'Conectarea la contul tău Bulut a fost blocată',
  sq: 'Hyrja në llogarinë tuaj Bulut u bllokua',
  fr: 'La connexion à votre compte Bulut a été bloquée',
  ka: 'თქვენს Bulut-ის ანგარიშზე შესვლა დაიბლოკა',
};

const text: Record<Language, (min: number) => string> = {
  en: (m) => `There were several failed attempts to sign in to your Bulut account, so sign-in is paused for ${m} minutes. If it was not you, change your password after signing in.`,
  tr: (m) => `Bulut hesabınızda birkaç başarısız oturum açma denemesi oldu, bu yüzden oturum açma ${m} dakika durduruldu. Siz değilseniz oturum açtıktan sonra şifrenizi değiştirin.`,
  ru: (m) => `Было несколько неудачных попыток войти в ваш аккаунт Bulut, поэтому вход приостановлен на ${m} мин. Если это были не вы, смените пароль после входа.`,
  uk: (m) => `Було кілька невдалих спроб увійти до вашого облікового запису Bulut, тому вхід призупинено на ${m} хв. Якщо це були не ви, змініть пароль після входу.`,
  ar: (m) => `حدثت عدة محاولات فاشلة لتسجيل الدخول إلى حسابك في Bulut، لذلك تم إيقاف تسجيل الدخول لمدة ${m} دقيقة. إن لم تكن أنت، فغيّر كلمة المرور بعد تسجيل الدخول.`,
  de: (m) => `Es gab mehrere fehlgeschlagene Anmeldeversuche bei Ihrem Bulut-Konto, daher ist die Anmeldung für ${m} Minuten gesperrt. Falls Sie das nicht waren, ändern Sie nach der Anmeldung Ihr Passwort.`,
  es: (m) => `Hubo varios intentos fallidos de iniciar sesión en tu cuenta de Bulut, así que el inicio de sesión se pausó durante ${m} minutos. Si no fuiste tú, cambia tu contraseña después de iniciar sesión.`,
  ro: (m) => `Au existat mai multe încercări eșuate de conectare la contul tău Bulut, așa că conectarea este oprită pentru ${m} minute. Dacă nu ai fost tu, schimbă parola după ce te conectezi.`,
  sq: (m) => `Pati disa përpjekje të dështuara për të hyrë në llogarinë tuaj Bulut, prandaj hyrja u pezullua për ${m} minuta. Nëse nuk ishit ju, ndryshoni fjalëkalimin pasi të hyni.`,
  fr: (m) => `Plusieurs tentatives de connexion à votre compte Bulut ont échoué : la connexion est suspendue pendant ${m} minutes. Si ce n’était pas vous, changez votre mot de passe après vous être connecté.`,
  ka: (m) => `თქვენს Bulut-ის ანგარიშზე შესვლის რამდენიმე წარუმატებელი მცდელობა იყო, ამიტომ შესვლა შეჩერებულია ${m} წუთით. თუ ეს თქვენ არ იყავით, შესვლის შემდეგ შეცვალეთ პაროლი.`,
};

export const lockoutSubject = (lang: Language) => subject[lang];
export const lockoutText = (lang: Language, minutes: number) => text[lang](minutes);

/** The same notice as an SMS to a verified phone: short enough for one message in most scripts. */
const sms: Record<Language, (min: number) => string> = {
  en: (m) => `Bulut: several failed sign-ins, so sign-in to your account is paused for ${m} min. Not you? Change your password.`,
  tr: (m) => `Bulut: birkaç başarısız giriş denemesi nedeniyle hesabınıza giriş ${m} dk durduruldu. Siz değilseniz şifrenizi değiştirin.`,
  ru: (m) => `Bulut: несколько неудачных попыток входа, вход в аккаунт приостановлен на ${m} мин. Не вы? Смените пароль.`,
  uk: (m) => `Bulut: кілька невдалих спроб входу, вхід до облікового запису призупинено на ${m} хв. Не ви? Змініть пароль.`,
  ar: (m) => `Bulut: عدة محاولات دخول فاشلة، لذا أُوقف تسجيل الدخول إلى حسابك لمدة ${m} دقيقة. لست أنت؟ غيّر كلمة المرور.`,
  de: (m) => `Bulut: mehrere fehlgeschlagene Anmeldungen, die Anmeldung ist für ${m} Min. gesperrt. Nicht Sie? Ändern Sie Ihr Passwort.`,
  es: (m) => `Bulut: varios intentos fallidos, el inicio de sesión en tu cuenta se pausó ${m} min. ¿No fuiste tú? Cambia tu contraseña.`,
  ro: (m) => `Bulut: mai multe conectări eșuate, conectarea la cont este oprită ${m} min. Nu ai fost tu? Schimbă parola.`,
  sq: (m) => `Bulut: disa hyrje të dështuara, hyrja në llogari u pezullua për ${m} min. Nuk ishit ju? Ndryshoni fjalëkalimin.`,
  fr: (m) => `Bulut : plusieurs échecs de connexion, la connexion à votre compte est suspendue ${m} min. Pas vous ? Changez votre mot de passe.`,
  ka: (m) => `Bulut: შესვლის რამდენიმე წარუმატებელი მცდელობის გამო შესვლა შეჩერებულია ${m} წთ. თქვენ არ იყავით? შეცვალეთ პაროლი.`,
};

export const lockoutSms = (lang: Language, minutes: number) => sms[lang](minutes);
