import type { Language } from '../../shared/schemas.js';

/** The password-reset code by SMS. */
const code: Record<Language, (c: string, m: number) => string> = {
  en: (c, m) => `Your Bulut password reset code is ${c}. It expires in ${m} minutes. Do not share it with anyone.`,
  tr: (c, m) => `Bulut şifre sıfırlama kodunuz ${c}. Kod ${m} dakika geçerlidir. Kimseyle paylaşmayın.`,
  ru: (c, m) => `Код сброса пароля Bulut: ${c}. Он действует ${m} минуты. Никому его не сообщайте.`,
  uk: (c, m) => `Код скидання пароля Bulut: ${c}. Він дійсний ${m} хвилини. Нікому його не повідомляйте.`,
  ar: (c, m) => `رمز إعادة تعيين كلمة مرور Bulut هو ${c}. تنتهي صلاحيته خلال ${m} دقائق. لا تشاركه مع أحد.`,
  de: (c, m) => `Ihr Code zum Zurücksetzen des Bulut-Passworts lautet ${c}. Er ist ${m} Minuten gültig. Geben Sie ihn nicht weiter.`,
  es: (c, m) => `Tu código para restablecer la contraseña de Bulut es ${c}. Caduca en ${m} minutos. No lo compartas con nadie.`,
  ro: (c, m) => `Codul tău de resetare a parolei Bulut este ${c}. Expiră în ${m} minute. Nu îl împărtăși nimănui.`,
  sq: (c, m) => `Kodi juaj për rivendosjen e fjalëkalimit Bulut është ${c}. Skadon pas ${m} minutash. Mos ia jepni askujt.`,
  fr: (c, m) => `Votre code de réinitialisation du mot de passe Bulut est ${c}. Il expire dans ${m} minutes. Ne le partagez avec personne.`,
  ka: (c, m) => `თქვენი Bulut-ის პაროლის აღდგენის კოდია ${c}. ის მოქმედებს ${m} წუთის განმავლობაში. არავის გაუზიაროთ.`,
};

/** The password-reset link by e-mail (account or recovery address). */
const link: Record<Language, { subject: string; text: (l: string, m: number) => string }> = {
  en: {
    subject: 'Reset your Bulut password',
    text: (l, m) => `Someone asked to reset the password of your Bulut account. To choose a new password, open this link within ${m} minutes:\n\n${l}\n\nThe link works once. If it was not you, ignore this message: your password stays as it is.`,
  },
  tr: {
    subject: 'Bulut şifrenizi sıfırlayın',
    text: (l, m) => `Bulut hesabınızın şifresini sıfırlamak için bir istek yapıldı. Yeni bir şifre belirlemek için bu bağlantıyı ${m} dakika içinde açın:\n\n${l}\n\nBağlantı bir kez çalışır. Siz değilseniz bu mesajı dikkate almayın: şifreniz değişmez.`,
  },
  ru: {
    subject: 'Сброс пароля Bulut',
    text: (l, m) => `Запрошен сброс пароля вашего аккаунта Bulut. Чтобы задать новый пароль, откройте ссылку в течение ${m} минут:\n\n${l}\n\nСсылка работает один раз. Если это были не вы, проигнорируйте сообщение: пароль не изменится.`,
  },
  uk: {
    subject: 'Скидання пароля Bulut',
    text: (l, m) => `Надійшов запит на скидання пароля вашого облікового запису Bulut. Щоб задати новий пароль, відкрийте посилання протягом ${m} хвилин:\n\n${l}\n\nПосилання працює один раз. Якщо це були не ви, проігноруйте повідомлення: пароль не зміниться.`,
  },
  ar: {
    subject: 'أعد تعيين كلمة مرور Bulut',
    text: (l, m) => `طلب أحدهم إعادة تعيين كلمة مرور حسابك في Bulut. لاختيار كلمة مرور جديدة، افتح هذا الرابط خلال ${m} دقيقة:\n\n${l}\n\nيعمل الرابط مرة واحدة. إن لم تكن أنت، فتجاهل هذه الرسالة: ستبقى كلمة مرورك كما هي.`,
  },
  de: {
    subject: 'Bulut-Passwort zurücksetzen',
    text: (l, m) => `Jemand möchte das Passwort Ihres Bulut-Kontos zurücksetzen. Um ein neues Passwort zu wählen, öffnen Sie diesen Link innerhalb von ${m} Minuten:\n\n${l}\n\nDer Link funktioniert einmal. Falls Sie das nicht waren, ignorieren Sie diese Nachricht: Ihr Passwort bleibt unverändert.`,
  },
  es: {
    subject: 'Restablece tu contraseña de Bulut',
    text: (l, m) => `Alguien pidió restablecer la contraseña de tu cuenta de Bulut. Para elegir una nueva, abre este enlace en los próximos ${m} minutos:\n\n${l}\n\nEl enlace funciona una vez. Si no fuiste tú, ignora este mensaje: tu contraseña no cambia.`,
  },
  ro: {
    subject: 'Resetează parola Bulut',
    text: (l, m) => `Cineva a cerut resetarea parolei contului tău Bulut. Pentru a alege o parolă nouă, deschide acest link în ${m} minute:\n\n${l}\n\nLinkul funcționează o singură dată. Dacă nu ai fost tu, ignoră mesajul: parola rămâne neschimbată.`,
  },
  sq: {
    subject: 'Rivendosni fjalëkalimin Bulut',
    text: (l, m) => `Dikush kërkoi rivendosjen e fjalëkalimit të llogarisë suaj Bulut. Për të zgjedhur një fjalëkalim të ri, hapni këtë lidhje brenda ${m} minutave:\n\n${l}\n\nLidhja funksionon një herë. Nëse nuk ishit ju, shpërfilleni këtë mesazh: fjalëkalimi mbetet i njëjtë.`,
  },
  fr: {
    subject: 'Réinitialisez votre mot de passe Bulut',
    text: (l, m) => `Une réinitialisation du mot de passe de votre compte Bulut a été demandée. Pour choisir un nouveau mot de passe, ouvrez ce lien dans les ${m} minutes :\n\n${l}\n\nLe lien ne fonctionne qu’une fois. Si ce n’était pas vous, ignorez ce message : votre mot de passe reste inchangé.`,
  },
  ka: {
    subject: 'აღადგინეთ Bulut-ის პაროლი',
    text: (l, m) => `ვიღაცამ მოითხოვა თქვენი Bulut-ის ანგარიშის პაროლის აღდგენა. ახალი პაროლის ასარჩევად გახსენით ეს ბმული ${m} წუთის განმავლობაში:\n\n${l}\n\nბმული ერთხელ მუშაობს. თუ ეს თქვენ არ იყავით, უგულებელყავით ეს შეტყობინება: პაროლი არ შეიცვლება.`,
  },
};

export const resetCodeSms = (lang: Language, otp: string, minutes: number) => code[lang](otp, minutes);
export const resetLinkEmail = (lang: Language, url: string, minutes: number) => ({
  subject: link[lang].subject,
  text: link[lang].text(url, minutes),
});
