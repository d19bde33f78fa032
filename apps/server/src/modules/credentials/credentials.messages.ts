import type { Language } from '../../shared/schemas.js';

/** Told to the owner after every password change (settings or recovery), by e-mail and to a verified phone. */
const changed: Record<Language, { subject: string; text: string; sms: string }> = {
  en: {
    subject: 'Your Bulut password was changed',
    text: 'The password of your Bulut account was just changed, and your other devices were signed out. If it was not you, reset your password now with “Forgot password” on the sign-in page and contact support.',
    sms: 'Bulut: your password was changed and other devices were signed out. Not you? Reset it with “Forgot password” now.',
  },
  tr: {
    subject: 'Bulut şifreniz değiştirildi',
    text: 'Bulut hesabınızın şifresi az önce değiştirildi ve diğer cihazlarınızda oturum kapatıldı. Siz değilseniz giriş sayfasındaki “Şifremi unuttum” ile şifrenizi hemen sıfırlayın ve destek ekibiyle iletişime geçin.',
    sms: 'Bulut: şifreniz değiştirildi ve diğer cihazlarda oturum kapatıldı. Siz değilseniz “Şifremi unuttum” ile hemen sıfırlayın.',
  },
  ru: {
    subject: 'Пароль Bulut изменён',
    text: 'Пароль вашего аккаунта Bulut только что изменён, на других устройствах выполнен выход. Если это были не вы, сразу сбросьте пароль через «Забыли пароль?» на странице входа и обратитесь в поддержку.',
    sms: 'Bulut: пароль изменён, на других устройствах выполнен выход. Не вы? Сбросьте его через «Забыли пароль?».',
  },
  uk: {
    subject: 'Пароль Bulut змінено',
    text: 'Пароль вашого облікового запису Bulut щойно змінено, на інших пристроях виконано вихід. Якщо це були не ви, негайно скиньте пароль через «Забули пароль?» на сторінці входу та зверніться до підтримки.',
    sms: 'Bulut: пароль змінено, на інших пристроях виконано вихід. Не ви? Скиньте його через «Забули пароль?».',
  },
  ar: {
    subject: 'تم تغيير كلمة مرور Bulut',
    text: 'تم تغيير كلمة مرور حسابك في Bulut للتو، وتم تسجيل الخروج من أجهزتك الأخرى. إن لم تكن أنت، فأعد تعيين كلمة المرور فورًا عبر «نسيت كلمة المرور» في صفحة تسجيل الدخول وتواصل مع الدعم.',
    sms: 'Bulut: تم تغيير كلمة المرور وتسجيل الخروج من الأجهزة الأخرى. لست أنت؟ أعد تعيينها عبر «نسيت كلمة المرور».',
  },
  de: {
    subject: 'Ihr Bulut-Passwort wurde geändert',
    text: 'Das Passwort Ihres Bulut-Kontos wurde soeben geändert, und Ihre anderen Geräte wurden abgemeldet. Falls Sie das nicht waren, setzen Sie Ihr Passwort sofort über „Passwort vergessen“ auf der Anmeldeseite zurück und wenden Sie sich an den Support.',
    sms: 'Bulut: Ihr Passwort wurde geändert, andere Geräte wurden abgemeldet. Nicht Sie? Setzen Sie es über „Passwort vergessen“ zurück.',
  },
  es: {
    subject: 'Se cambió tu contraseña de Bulut',
    text: 'Se acaba de cambiar la contraseña de tu cuenta de Bulut y se cerró la sesión en tus otros dispositivos. Si no fuiste tú, restablécela ahora con «¿Olvidaste tu contraseña?» en la página de inicio de sesión y contacta con soporte.',
    sms: 'Bulut: se cambió tu contraseña y se cerró sesión en otros dispositivos. ¿No fuiste tú? Restablécela con «¿Olvidaste tu contraseña?».',
  },
  ro: {
    subject: 'Parola ta Bulut a fost schimbată',
    text: 'Parola contului tău Bulut tocmai a fost schimbată, iar celelalte dispozitive au fost deconectate. Dacă nu ai fost tu, resetează parola acum cu „Ai uitat parola?” pe pagina de conectare și contactează asistența.',
    sms: 'Bulut: parola a fost schimbată și celelalte dispozitive au fost deconectate. Nu ai fost tu? Reseteaz-o cu „Ai uitat parola?”.',
  },
  sq: {
    subject: 'Fjalëkalimi juaj Bulut u ndryshua',
    text: 'Fjalëkalimi i llogarisë suaj Bulut sapo u ndryshua dhe pajisjet e tjera u nxorën nga llogaria. Nëse nuk ishit ju, rivendoseni menjëherë me “Harruat fjalëkalimin?” në faqen e hyrjes dhe kontaktoni mbështetjen.',
    sms: 'Bulut: fjalëkalimi u ndryshua dhe pajisjet e tjera u nxorën. Nuk ishit ju? Rivendoseni me “Harruat fjalëkalimin?”.',
  },
  fr: {
    subject: 'Votre mot de passe Bulut a été modifié',
    text: 'Le mot de passe de votre compte Bulut vient d’être modifié et vos autres appareils ont été déconnectés. Si ce n’était pas vous, réinitialisez-le immédiatement avec « Mot de passe oublié » sur la page de connexion et contactez l’assistance.',
    sms: 'Bulut : votre mot de passe a été modifié et vos autres appareils déconnectés. Pas vous ? Réinitialisez-le avec « Mot de passe oublié ».',
  },
  ka: {
    subject: 'თქვენი Bulut-ის პაროლი შეიცვალა',
    text: 'თქვენი Bulut-ის ანგარიშის პაროლი ახლახან შეიცვალა და სხვა მოწყობილობებზე სესია დაიხურა. თუ ეს თქვენ არ იყავით, დაუყოვნებლივ აღადგინეთ პაროლი შესვლის გვერდზე „დაგავიწყდათ პაროლი?“ ღილაკით და დაუკავშირდით მხარდაჭერას.',
    sms: 'Bulut: პაროლი შეიცვალა და სხვა მოწყობილობებზე სესია დაიხურა. თქვენ არ იყავით? აღადგინეთ „დაგავიწყდათ პაროლი?“ ღილაკით.',
  },
};

export const passwordChangedNotice = (lang: Language) => changed[lang];

/** The link that proves a recovery e-mail, sent to that address. */
const verify: Record<Language, { subject: string; text: (link: string, hours: number) => string }> = {
  en: {
    subject: 'Confirm your Bulut recovery e-mail',
    text: (l, h) => `This address was added as the recovery e-mail of a Bulut account. Open this link within ${h} hours to confirm it:\n\n${l}\n\nIf you did not ask for this, ignore this message.`,
  },
  tr: {
    subject: 'Bulut kurtarma e-postanızı onaylayın',
    text: (l, h) => `Bu adres bir Bulut hesabının kurtarma e-postası olarak eklendi. Onaylamak için bu bağlantıyı ${h} saat içinde açın:\n\n${l}\n\nBunu siz istemediyseniz bu mesajı dikkate almayın.`,
  },
  ru: {
    subject: 'Подтвердите резервный e-mail Bulut',
    text: (l, h) => `Этот адрес добавлен как резервный e-mail аккаунта Bulut. Откройте ссылку в течение ${h} ч, чтобы подтвердить его:\n\n${l}\n\nЕсли вы этого не запрашивали, проигнорируйте это сообщение.`,
  },
  uk: {
    subject: 'Підтвердьте резервну e-mail-адресу Bulut',
    text: (l, h) => `Цю адресу додано як резервну e-mail-адресу облікового запису Bulut. Відкрийте посилання протягом ${h} год, щоб підтвердити її:\n\n${l}\n\nЯкщо ви цього не запитували, проігноруйте це повідомлення.`,
  },
  ar: {
    subject: 'أكّد بريد الاسترداد الخاص بك في Bulut',
    text: (l, h) => `أُضيف هذا العنوان كبريد إلكتروني للاسترداد لحساب في Bulut. افتح هذا الرابط خلال ${h} ساعة لتأكيده:\n\n${l}\n\nإن لم تطلب ذلك، فتجاهل هذه الرسالة.`,
  },
  de: {
    subject: 'Bestätigen Sie Ihre Bulut-Wiederherstellungs-E-Mail',
    text: (l, h) => `Diese Adresse wurde als Wiederherstellungs-E-Mail eines Bulut-Kontos hinzugefügt. Öffnen Sie diesen Link innerhalb von ${h} Stunden, um sie zu bestätigen:\n\n${l}\n\nFalls Sie das nicht angefordert haben, ignorieren Sie diese Nachricht.`,
  },
  es: {
    subject: 'Confirma tu correo de recuperación de Bulut',
    text: (l, h) => `Esta dirección se añadió como correo de recuperación de una cuenta de Bulut. Abre este enlace en las próximas ${h} horas para confirmarla:\n\n${l}\n\nSi no lo solicitaste, ignora este mensaje.`,
  },
  ro: {
    subject: 'Confirmă adresa de e-mail de recuperare Bulut',
    text: (l, h) => `Această adresă a fost adăugată ca e-mail de recuperare pentru un cont Bulut. Deschide acest link în ${h} ore pentru a o confirma:\n\n${l}\n\nDacă nu ai cerut acest lucru, ignoră mesajul.`,
  },
  sq: {
    subject: 'Konfirmoni email-in e rikuperimit Bulut',
    text: (l, h) => `Kjo adresë u shtua si email rikuperimi i një llogarie Bulut. Hapni këtë lidhje brenda ${h} orëve për ta konfirmuar:\n\n${l}\n\nNëse nuk e kërkuat këtë, shpërfilleni këtë mesazh.`,
  },
  fr: {
    subject: 'Confirmez votre e-mail de récupération Bulut',
    text: (l, h) => `Cette adresse a été ajoutée comme e-mail de récupération d’un compte Bulut. Ouvrez ce lien dans les ${h} heures pour la confirmer :\n\n${l}\n\nSi vous n’êtes pas à l’origine de cette demande, ignorez ce message.`,
  },
  ka: {
    subject: 'დაადასტურეთ Bulut-ის აღდგენის ელფოსტა',
    text: (l, h) => `ეს მისამართი დაემატა Bulut-ის ანგარიშის აღდგენის ელფოსტად. დასადასტურებლად გახსენით ეს ბმული ${h} საათის განმავლობაში:\n\n${l}\n\nთუ ეს არ მოგითხოვიათ, უგულებელყავით ეს შეტყობინება.`,
  },
};

export const recoveryEmailVerification = (lang: Language, link: string, hours: number) => ({
  subject: verify[lang].subject,
  text: verify[lang].text(link, hours),
});

/** Told to the owner when the security question or its answer changes: recovery may use it. */
const question: Record<Language, { subject: string; text: string }> = {
  en: { subject: 'Your Bulut security question was changed', text: 'The security question of your Bulut account was just set or changed. It can be used to reset your password. If it was not you, change your password now and set the question again.' },
  tr: { subject: 'Bulut güvenlik sorunuz değiştirildi', text: 'Bulut hesabınızın güvenlik sorusu az önce belirlendi veya değiştirildi. Bu soru şifrenizi sıfırlamak için kullanılabilir. Siz değilseniz şifrenizi hemen değiştirin ve soruyu yeniden belirleyin.' },
  ru: { subject: 'Контрольный вопрос Bulut изменён', text: 'Контрольный вопрос вашего аккаунта Bulut только что задан или изменён. С его помощью можно сбросить пароль. Если это были не вы, сразу смените пароль и задайте вопрос заново.' },
  uk: { subject: 'Контрольне запитання Bulut змінено', text: 'Контрольне запитання вашого облікового запису Bulut щойно задано або змінено. З його допомогою можна скинути пароль. Якщо це були не ви, негайно змініть пароль і задайте запитання знову.' },
  ar: { subject: 'تم تغيير سؤال الأمان في Bulut', text: 'تم للتو تعيين سؤال الأمان لحسابك في Bulut أو تغييره. يمكن استخدامه لإعادة تعيين كلمة المرور. إن لم تكن أنت، فغيّر كلمة المرور فورًا وعيّن السؤال من جديد.' },
  de: { subject: 'Ihre Bulut-Sicherheitsfrage wurde geändert', text: 'Die Sicherheitsfrage Ihres Bulut-Kontos wurde soeben festgelegt oder geändert. Mit ihr kann Ihr Passwort zurückgesetzt werden. Falls Sie das nicht waren, ändern Sie sofort Ihr Passwort und legen Sie die Frage neu fest.' },
  es: { subject: 'Se cambió tu pregunta de seguridad de Bulut', text: 'Se acaba de establecer o cambiar la pregunta de seguridad de tu cuenta de Bulut. Puede usarse para restablecer tu contraseña. Si no fuiste tú, cambia tu contraseña ahora y vuelve a establecer la pregunta.' },
  ro: { subject: 'Întrebarea de securitate Bulut a fost schimbată', text: 'Întrebarea de securitate a contului tău Bulut tocmai a fost setată sau schimbată. Poate fi folosită pentru resetarea parolei. Dacă nu ai fost tu, schimbă parola acum și setează din nou întrebarea.' },
  sq: { subject: 'Pyetja e sigurisë Bulut u ndryshua', text: 'Pyetja e sigurisë e llogarisë suaj Bulut sapo u vendos ose u ndryshua. Ajo mund të përdoret për të rivendosur fjalëkalimin. Nëse nuk ishit ju, ndryshoni menjëherë fjalëkalimin dhe vendoseni përsëri pyetjen.' },
  fr: { subject: 'Votre question de sécurité Bulut a été modifiée', text: 'La question de sécurité de votre compte Bulut vient d’être définie ou modifiée. Elle peut servir à réinitialiser votre mot de passe. Si ce n’était pas vous, changez immédiatement votre mot de passe et redéfinissez la question.' },
  ka: { subject: 'თქვენი Bulut-ის უსაფრთხოების კითხვა შეიცვალა', text: 'თქვენი Bulut-ის ანგარიშის უსაფრთხოების კითხვა ახლახან დაყენდა ან შეიცვალა. მისი გამოყენება შესაძლებელია პაროლის აღსადგენად. თუ ეს თქვენ არ იყავით, დაუყოვნებლივ შეცვალეთ პაროლი და ხელახლა დააყენეთ კითხვა.' },
};

export const securityQuestionChangedNotice = (lang: Language) => question[lang];
