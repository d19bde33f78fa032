import type { Language } from '../../shared/schemas.js';

/** Texts the server itself sends (SMS, e-mail, the welcome notification), in every interface language. */
const otp: Record<Language, (code: string, min: number) => string> = {
  en: (c, m) => `Your Bulut verification code is ${c}. It expires in ${m} minutes. Do not share it with anyone.`,
  tr: (c, m) => `Bulut doğrulama kodunuz ${c}. Kod ${m} dakika geçerlidir. Kimseyle paylaşmayın.`,
  ru: (c, m) => `Ваш код подтверждения Bulut: ${c}. Он действует ${m} минуты. Никому его не сообщайте.`,
  uk: (c, m) => `Ваш код підтвердження Bulut: ${c}. Він дійсний ${m} хвилини. Нікому його не повідомляйте.`,
  ar: (c, m) => `رمز التحقق الخاص بك في Bulut هو ${c}. تنتهي صلاحيته خلال ${m} دقائق. لا تشاركه مع أحد.`,
  de: (c, m) => `Ihr Bulut-Bestätigungscode lautet ${c}. Er ist ${m} Minuten gültig. Geben Sie ihn nicht weiter.`,
  es: (c, m) => `Tu código de verificación de Bulut es ${c}. Caduca en ${m} minutos. No lo compartas con nadie.`,
  ro: (c, m) => `Codul tău de verificare Bulut este ${c}. Expiră în ${m} minute. Nu îl împărtăși nimănui.`,
  sq: (c, m) => `Kodi juaj i verifikimit Bulut është ${c}. Skadon pas ${m} minutash. Mos ia jepni askujt.`,
  fr: (c, m) => `Votre code de vérification Bulut est ${c}. Il expire dans ${m} minutes. Ne le partagez avec personne.`,
  ka: (c, m) => `თქვენი Bulut-ის დადასტურების კოდია ${c}. ის მოქმედებს ${m} წუთის განმავლობაში. არავის გაუზიაროთ.`,
};

const subject: Record<Language, string> = {
  en: 'Your Bulut verification code',
  tr: 'Bulut doğrulama kodunuz',
  ru: 'Ваш код подтверждения Bulut',
  uk: 'Ваш код підтвердження Bulut',
  ar: 'رمز التحقق الخاص بك في Bulut',
  de: 'Ihr Bulut-Bestätigungscode',
  es: 'Tu código de verificación de Bulut',
  ro: 'Codul tău de verificare Bulut',
  sq: 'Kodi juaj i verifikimit Bulut',
  fr: 'Votre code de vérification Bulut',
  ka: 'თქვენი Bulut-ის დადასტურების კოდი',
};

const welcome: Record<Language, { title: string; body: string }> = {
  en: { title: 'Welcome to Bulut', body: 'Your 5 GB of free storage is ready. Back up your photos and files and reach them from any device.' },
  tr: { title: 'Bulut’a hoş geldiniz', body: '5 GB ücretsiz depolama alanınız hazır. Fotoğraflarınızı ve dosyalarınızı yedekleyin, her cihazdan erişin.' },
  ru: { title: 'Добро пожаловать в Bulut', body: 'Ваши 5 ГБ бесплатного хранилища готовы. Сохраняйте фото и файлы и открывайте их с любого устройства.' },
  uk: { title: 'Ласкаво просимо до Bulut', body: 'Ваші 5 ГБ безкоштовного сховища готові. Зберігайте фото й файли та відкривайте їх з будь-якого пристрою.' },
  ar: { title: 'مرحبًا بك في Bulut', body: 'مساحة التخزين المجانية البالغة 5 جيجابايت جاهزة. احفظ صورك وملفاتك وافتحها من أي جهاز.' },
  de: { title: 'Willkommen bei Bulut', body: 'Ihre 5 GB kostenloser Speicher sind bereit. Sichern Sie Fotos und Dateien und öffnen Sie sie auf jedem Gerät.' },
  es: { title: 'Te damos la bienvenida a Bulut', body: 'Tus 5 GB de almacenamiento gratuito están listos. Guarda tus fotos y archivos y ábrelos desde cualquier dispositivo.' },
  ro: { title: 'Bine ai venit în Bulut', body: 'Cei 5 GB de stocare gratuită sunt gata. Salvează fotografiile și fișierele și accesează-le de pe orice dispozitiv.' },
  sq: { title: 'Mirë se vini në Bulut', body: '5 GB hapësirë falas janë gati. Ruani fotot dhe skedarët dhe hapini nga çdo pajisje.' },
  fr: { title: 'Bienvenue sur Bulut', body: 'Vos 5 Go de stockage gratuit sont prêts. Sauvegardez vos photos et fichiers et retrouvez-les sur tous vos appareils.' },
  ka: { title: 'კეთილი იყოს თქვენი მობრძანება Bulut-ში', body: 'თქვენი 5 GB უფასო საცავი მზადაა. შეინახეთ ფოტოები და ფაილები და გახსენით ნებისმიერი მოწყობილობიდან.' },
};

export const otpText = (lang: Language, code: string, minutes: number) => otp[lang](code, minutes);
export const otpSubject = (lang: Language) => subject[lang];
export const welcomeNotification = (lang: Language) => welcome[lang];

/** Sent instead of a code when someone starts a sign-up with a contact that already has an account. */
const taken: Record<Language, { subject: string; text: string }> = {
  en: { subject: 'Someone tried to sign up with your address', text: 'Someone tried to create a Bulut account with your contact details, but you already have an account. Sign in with it, or reset your password if you forgot it. If it was not you, ignore this message.' },
  tr: { subject: 'Adresinizle kayıt olunmaya çalışıldı', text: 'Biri iletişim bilgilerinizle bir Bulut hesabı açmaya çalıştı, ancak zaten bir hesabınız var. Bu hesapla oturum açın veya unuttuysanız şifrenizi sıfırlayın. Siz değilseniz bu mesajı dikkate almayın.' },
  ru: { subject: 'Кто-то пытался зарегистрироваться с вашим адресом', text: 'Кто-то пытался создать аккаунт Bulut с вашими контактными данными, но у вас уже есть аккаунт. Войдите в него или сбросьте пароль, если забыли его. Если это были не вы, проигнорируйте это сообщение.' },
  uk: { subject: 'Хтось намагався зареєструватися з вашою адресою', text: 'Хтось намагався створити обліковий запис Bulut з вашими контактними даними, але у вас уже є обліковий запис. Увійдіть до нього або скиньте пароль, якщо забули його. Якщо це були не ви, проігноруйте це повідомлення.' },
  ar: { subject: 'حاول شخص ما التسجيل باستخدام عنوانك', text: 'حاول شخص ما إنشاء حساب في Bulut باستخدام بيانات الاتصال الخاصة بك، لكن لديك حسابًا بالفعل. سجّل الدخول به، أو أعد تعيين كلمة المرور إن نسيتها. إن لم تكن أنت، فتجاهل هذه الرسالة.' },
  de: { subject: 'Jemand wollte sich mit Ihrer Adresse registrieren', text: 'Jemand wollte mit Ihren Kontaktdaten ein Bulut-Konto anlegen, aber Sie haben bereits eines. Melden Sie sich damit an oder setzen Sie Ihr Passwort zurück, falls Sie es vergessen haben. Falls Sie das nicht waren, ignorieren Sie diese Nachricht.' },
  es: { subject: 'Alguien intentó registrarse con tu dirección', text: 'Alguien intentó crear una cuenta de Bulut con tus datos de contacto, pero ya tienes una cuenta. Inicia sesión con ella o restablece tu contraseña si la olvidaste. Si no fuiste tú, ignora este mensaje.' },
  ro: { subject: 'Cineva a încercat să se înregistreze cu adresa ta', text: 'Cineva a încercat să creeze un cont Bulut cu datele tale de contact, dar ai deja un cont. Conectează-te cu el sau resetează parola dacă ai uitat-o. Dacă nu ai fost tu, ignoră acest mesaj.' },
  sq: { subject: 'Dikush u përpoq të regjistrohej me adresën tuaj', text: 'Dikush u përpoq të krijonte një llogari Bulut me të dhënat tuaja të kontaktit, por ju keni tashmë një llogari. Hyni me të ose rivendosni fjalëkalimin nëse e keni harruar. Nëse nuk ishit ju, shpërfilleni këtë mesazh.' },
  fr: { subject: 'Quelqu’un a essayé de s’inscrire avec votre adresse', text: 'Quelqu’un a essayé de créer un compte Bulut avec vos coordonnées, mais vous avez déjà un compte. Connectez-vous avec celui-ci, ou réinitialisez votre mot de passe si vous l’avez oublié. Si ce n’était pas vous, ignorez ce message.' },
  ka: { subject: 'ვიღაცამ სცადა თქვენი მისამართით რეგისტრაცია', text: 'ვიღაცამ სცადა Bulut-ის ანგარიშის შექმნა თქვენი საკონტაქტო მონაცემებით, მაგრამ თქვენ უკვე გაქვთ ანგარიში. შედით მასში ან აღადგინეთ პაროლი, თუ დაგავიწყდათ. თუ ეს თქვენ არ იყავით, უგულებელყავით ეს შეტყობინება.' },
};

export const alreadyRegisteredNotice = (lang: Language) => taken[lang];
