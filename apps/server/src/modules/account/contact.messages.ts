import type { Language } from '../../shared/schemas.js';

/** What the server sends when an e-mail address or phone number changes, in every interface language. */
const verifySubject: Record<Language, string> = {
  en: 'Confirm your new Bulut e-mail address',
  tr: 'Yeni Bulut e-posta adresinizi onaylayın',
  ru: 'Подтвердите новый адрес электронной почты Bulut',
  uk: 'Підтвердьте нову адресу електронної пошти Bulut',
  ar: 'أكّد عنوان بريدك الإلكتروني الجديد في Bulut',
  de: 'Bestätigen Sie Ihre neue E-Mail-Adresse für Bulut',
  es: 'Confirma tu nueva dirección de correo de Bulut',
  ro: 'Confirmă noua ta adresă de e-mail Bulut',
  sq: 'Konfirmoni adresën tuaj të re të email-it në Bulut',
  fr: 'Confirmez votre nouvelle adresse e-mail Bulut',
  ka: 'დაადასტურეთ Bulut-ის ახალი ელფოსტის მისამართი',
};

const verifyText: Record<Language, (link: string, hours: number) => string> = {
  en: (l, h) => `Open this link to use this address for your Bulut account: ${l}\nThe link works once and for ${h} hours. If you did not ask for this, ignore this e-mail.`,
  tr: (l, h) => `Bu adresi Bulut hesabınızda kullanmak için bağlantıyı açın: ${l}\nBağlantı bir kez ve ${h} saat geçerlidir. Bunu siz istemediyseniz bu e-postayı dikkate almayın.`,
  ru: (l, h) => `Откройте ссылку, чтобы использовать этот адрес для аккаунта Bulut: ${l}\nСсылка работает один раз в течение ${h} ч. Если вы этого не запрашивали, проигнорируйте письмо.`,
  uk: (l, h) => `Відкрийте посилання, щоб використовувати цю адресу для облікового запису Bulut: ${l}\nПосилання працює один раз протягом ${h} год. Якщо ви цього не запитували, проігноруйте лист.`,
  ar: (l, h) => `افتح هذا الرابط لاستخدام هذا العنوان في حسابك على Bulut: ${l}\nيعمل الرابط مرة واحدة لمدة ${h} ساعة. إن لم تطلب ذلك فتجاهل هذه الرسالة.`,
  de: (l, h) => `Öffnen Sie diesen Link, um diese Adresse für Ihr Bulut-Konto zu verwenden: ${l}\nDer Link gilt einmal und ${h} Stunden lang. Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail.`,
  es: (l, h) => `Abre este enlace para usar esta dirección en tu cuenta de Bulut: ${l}\nEl enlace funciona una vez y durante ${h} horas. Si no lo pediste, ignora este correo.`,
  ro: (l, h) => `Deschide acest link pentru a folosi această adresă în contul tău Bulut: ${l}\nLinkul funcționează o singură dată, timp de ${h} ore. Dacă nu ai cerut asta, ignoră acest e-mail.`,
  sq: (l, h) => `Hapni këtë lidhje që ta përdorni këtë adresë për llogarinë tuaj Bulut: ${l}\nLidhja funksionon një herë dhe për ${h} orë. Nëse nuk e keni kërkuar, shpërfilleni këtë email.`,
  fr: (l, h) => `Ouvrez ce lien pour utiliser cette adresse avec votre compte Bulut : ${l}\nLe lien fonctionne une fois, pendant ${h} heures. Si vous n’avez rien demandé, ignorez cet e-mail.`,
  ka: (l, h) => `გახსენით ეს ბმული, რომ ეს მისამართი Bulut-ის ანგარიშისთვის გამოიყენოთ: ${l}\nბმული ერთხელ მუშაობს, ${h} საათის განმავლობაში. თუ ეს არ მოგითხოვიათ, ყურადღება არ მიაქციოთ.`,
};

const changedSubject: Record<Language, string> = {
  en: 'Your Bulut contact details were changed',
  tr: 'Bulut iletişim bilgileriniz değiştirildi',
  ru: 'Контактные данные Bulut изменены',
  uk: 'Контактні дані Bulut змінено',
  ar: 'تم تغيير بيانات الاتصال الخاصة بك في Bulut',
  de: 'Ihre Bulut-Kontaktdaten wurden geändert',
  es: 'Se cambiaron tus datos de contacto de Bulut',
  ro: 'Datele tale de contact Bulut au fost schimbate',
  sq: 'Të dhënat tuaja të kontaktit në Bulut u ndryshuan',
  fr: 'Vos coordonnées Bulut ont été modifiées',
  ka: 'თქვენი Bulut-ის საკონტაქტო მონაცემები შეიცვალა',
};

const emailChanged: Record<Language, (to: string) => string> = {
  en: (to) => `The e-mail address of your Bulut account is now ${to}. If you did not do this, contact Support at once.`,
  tr: (to) => `Bulut hesabınızın e-posta adresi artık ${to}. Bunu siz yapmadıysanız hemen destek ekibiyle iletişime geçin.`,
  ru: (to) => `Адрес электронной почты вашего аккаунта Bulut теперь ${to}. Если это сделали не вы, сразу обратитесь в Поддержку.`,
  uk: (to) => `Адреса електронної пошти вашого облікового запису Bulut тепер ${to}. Якщо це зробили не ви, негайно зверніться до Підтримки.`,
  ar: (to) => `أصبح عنوان البريد الإلكتروني لحسابك في Bulut الآن ${to}. إن لم تفعل ذلك فتواصل مع الدعم فورًا.`,
  de: (to) => `Die E-Mail-Adresse Ihres Bulut-Kontos lautet jetzt ${to}. Wenn Sie das nicht waren, wenden Sie sich sofort an den Support.`,
  es: (to) => `La dirección de correo de tu cuenta de Bulut ahora es ${to}. Si no fuiste tú, contacta con Soporte de inmediato.`,
  ro: (to) => `Adresa de e-mail a contului tău Bulut este acum ${to}. Dacă nu ai fost tu, contactează imediat Asistența.`,
  sq: (to) => `Adresa e email-it e llogarisë suaj Bulut tani është ${to}. Nëse nuk e bëtë ju, kontaktoni menjëherë Mbështetjen.`,
  fr: (to) => `L’adresse e-mail de votre compte Bulut est désormais ${to}. Si ce n’était pas vous, contactez immédiatement le Support.`,
  ka: (to) => `თქვენი Bulut-ის ანგარიშის ელფოსტა ახლა არის ${to}. თუ ეს თქვენ არ გაგიკეთებიათ, დაუყოვნებლივ მიმართეთ მხარდაჭერას.`,
};

const phoneChanged: Record<Language, (to: string) => string> = {
  en: (to) => `The phone number of your Bulut account is now ${to}. If you did not do this, contact Support at once.`,
  tr: (to) => `Bulut hesabınızın telefon numarası artık ${to}. Bunu siz yapmadıysanız hemen destek ekibiyle iletişime geçin.`,
  ru: (to) => `Номер телефона вашего аккаунта Bulut теперь ${to}. Если это сделали не вы, сразу обратитесь в Поддержку.`,
  uk: (to) => `Номер телефону вашого облікового запису Bulut тепер ${to}. Якщо це зробили не ви, негайно зверніться до Підтримки.`,
  ar: (to) => `أصبح رقم هاتف حسابك في Bulut الآن ${to}. إن لم تفعل ذلك فتواصل مع الدعم فورًا.`,
  de: (to) => `Die Telefonnummer Ihres Bulut-Kontos lautet jetzt ${to}. Wenn Sie das nicht waren, wenden Sie sich sofort an den Support.`,
  es: (to) => `El número de teléfono de tu cuenta de Bulut ahora es ${to}. Si no fuiste tú, contacta con Soporte de inmediato.`,
  ro: (to) => `Numărul de telefon al contului tău Bulut este acum ${to}. Dacă nu ai fost tu, contactează imediat Asistența.`,
  sq: (to) => `Numri i telefonit të llogarisë suaj Bulut tani është ${to}. Nëse nuk e bëtë ju, kontaktoni menjëherë Mbështetjen.`,
  fr: (to) => `Le numéro de téléphone de votre compte Bulut est désormais ${to}. Si ce n’était pas vous, contactez immédiatement le Support.`,
  ka: (to) => `თქვენი Bulut-ის ანგარიშის ტელეფონის ნომერი ახლა არის ${to}. თუ ეს თქვენ არ გაგიკეთებიათ, დაუყოვნებლივ მიმართეთ მხარდაჭერას.`,
};

const phoneCode: Record<Language, (code: string, min: number) => string> = {
  en: (c, m) => `${c} is your code to confirm this phone number for Bulut. It expires in ${m} minutes. Never share it.`,
  tr: (c, m) => `${c}, bu telefon numarasını Bulut için onaylama kodunuzdur. ${m} dakika geçerlidir. Kimseyle paylaşmayın.`,
  ru: (c, m) => `${c} — код подтверждения этого номера для Bulut. Действует ${m} мин. Никому его не сообщайте.`,
  uk: (c, m) => `${c} — код підтвердження цього номера для Bulut. Дійсний ${m} хв. Нікому його не повідомляйте.`,
  ar: (c, m) => `${c} هو رمز تأكيد رقم الهاتف هذا في Bulut. تنتهي صلاحيته خلال ${m} دقائق. لا تشاركه أبدًا.`,
  de: (c, m) => `${c} ist Ihr Code, um diese Telefonnummer für Bulut zu bestätigen. Er gilt ${m} Minuten. Geben Sie ihn nie weiter.`,
  es: (c, m) => `${c} es tu código para confirmar este número en Bulut. Caduca en ${m} minutos. No lo compartas nunca.`,
  ro: (c, m) => `${c} este codul pentru a confirma acest număr în Bulut. Expiră în ${m} minute. Nu îl împărtăși niciodată.`,
  sq: (c, m) => `${c} është kodi për të konfirmuar këtë numër në Bulut. Skadon pas ${m} minutash. Mos ia jepni askujt.`,
  fr: (c, m) => `${c} est votre code pour confirmer ce numéro sur Bulut. Il expire dans ${m} minutes. Ne le partagez jamais.`,
  ka: (c, m) => `${c} არის Bulut-ისთვის ამ ნომრის დადასტურების კოდი. მოქმედებს ${m} წუთი. არავის გაუზიაროთ.`,
};

/** Confirming the address the account already has (sent at sign-up and from the profile). */
const confirmSubject: Record<Language, string> = {
  en: 'Confirm your Bulut e-mail address',
  tr: 'Bulut e-posta adresinizi doğrulayın',
  ru: 'Подтвердите адрес электронной почты Bulut',
  uk: 'Підтвердьте адресу електронної пошти Bulut',
  ar: 'أكّد عنوان بريدك الإلكتروني في Bulut',
  de: 'Bestätigen Sie Ihre E-Mail-Adresse für Bulut',
  es: 'Confirma tu dirección de correo de Bulut',
  ro: 'Confirmă adresa ta de e-mail Bulut',
  sq: 'Konfirmoni adresën tuaj të email-it në Bulut',
  fr: 'Confirmez votre adresse e-mail Bulut',
  ka: 'დაადასტურეთ Bulut-ის ელფოსტის მისამართი',
};

const confirmText: Record<Language, (link: string, hours: number) => string> = {
  en: (l, h) => `Open this link to confirm that this address belongs to your Bulut account: ${l}\nThe link works once and for ${h} hours. If you did not create a Bulut account, ignore this e-mail.`,
  tr: (l, h) => `Bu adresin Bulut hesabınıza ait olduğunu doğrulamak için bağlantıyı açın: ${l}\nBağlantı bir kez ve ${h} saat geçerlidir. Bulut hesabı oluşturmadıysanız bu e-postayı dikkate almayın.`,
  ru: (l, h) => `Откройте ссылку, чтобы подтвердить, что этот адрес принадлежит вашему аккаунту Bulut: ${l}\nСсылка работает один раз в течение ${h} ч. Если вы не создавали аккаунт Bulut, проигнорируйте письмо.`,
  uk: (l, h) => `Відкрийте посилання, щоб підтвердити, що ця адреса належить вашому обліковому запису Bulut: ${l}\nПосилання працює один раз протягом ${h} год. Якщо ви не створювали обліковий запис Bulut, проігноруйте лист.`,
  ar: (l, h) => `افتح هذا الرابط لتأكيد أن هذا العنوان يخص حسابك في Bulut: ${l}\nيعمل الرابط مرة واحدة لمدة ${h} ساعة. إن لم تنشئ حسابًا في Bulut فتجاهل هذه الرسالة.`,
  de: (l, h) => `Öffnen Sie diesen Link, um zu bestätigen, dass diese Adresse zu Ihrem Bulut-Konto gehört: ${l}\nDer Link gilt einmal und ${h} Stunden lang. Wenn Sie kein Bulut-Konto angelegt haben, ignorieren Sie diese E-Mail.`,
  es: (l, h) => `Abre este enlace para confirmar que esta dirección es de tu cuenta de Bulut: ${l}\nEl enlace funciona una vez y durante ${h} horas. Si no creaste una cuenta de Bulut, ignora este correo.`,
  ro: (l, h) => `Deschide acest link pentru a confirma că adresa aparține contului tău Bulut: ${l}\nLinkul funcționează o singură dată, timp de ${h} ore. Dacă nu ai creat un cont Bulut, ignoră acest e-mail.`,
  sq: (l, h) => `Hapni këtë lidhje për të konfirmuar që kjo adresë i përket llogarisë suaj Bulut: ${l}\nLidhja funksionon një herë dhe për ${h} orë. Nëse nuk keni krijuar llogari Bulut, shpërfilleni këtë email.`,
  fr: (l, h) => `Ouvrez ce lien pour confirmer que cette adresse appartient à votre compte Bulut : ${l}\nLe lien fonctionne une fois, pendant ${h} heures. Si vous n’avez pas créé de compte Bulut, ignorez cet e-mail.`,
  ka: (l, h) => `გახსენით ეს ბმული, რომ დაადასტუროთ, რომ ეს მისამართი თქვენს Bulut-ის ანგარიშს ეკუთვნის: ${l}\nბმული ერთხელ მუშაობს, ${h} საათის განმავლობაში. თუ Bulut-ის ანგარიში არ შეგიქმნიათ, ყურადღება არ მიაქციოთ.`,
};

export const verifyEmailMessage = (lang: Language, link: string, hours: number) => ({
  subject: verifySubject[lang],
  text: verifyText[lang](link, hours),
});
export const emailChangedMessage = (lang: Language, to: string) => ({ subject: changedSubject[lang], text: emailChanged[lang](to) });
export const phoneChangedMessage = (lang: Language, to: string) => ({ subject: changedSubject[lang], text: phoneChanged[lang](to) });
export const phoneCodeText = (lang: Language, code: string, minutes: number) => phoneCode[lang](code, minutes);
export const confirmEmailMessage = (lang: Language, link: string, hours: number) => ({ subject: confirmSubject[lang], text: confirmText[lang](link, hours) });
