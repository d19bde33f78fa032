import type { Kysely } from 'kysely';

// The terms of use in the nine interface languages that had none (en and tr were seeded with the foundation), and the
// privacy notice (GET /privacyPolicy/get/{lang}) in all eleven. Texts are data: operators add versions to these tables.
const EULA: Record<string, [title: string, body: string]> = {
  ru: [
    'Условия использования Bulut',
    'Bulut хранит ваши файлы и фотографии на серверах оператора. Все права на ваш контент остаются за вами; мы обрабатываем его только для того, чтобы хранить, показывать его вам и делиться им там, где вы об этом просите. Загружать незаконный контент запрещено. Мы можем приостановить аккаунты, нарушающие эти условия. Объём хранилища зависит от вашего пакета; когда пакет заканчивается и объём превышен, аккаунт переходит в режим только для чтения.',
  ],
  uk: [
    'Умови використання Bulut',
    'Bulut зберігає ваші файли та фотографії на серверах оператора. Усі права на ваш вміст залишаються за вами; ми обробляємо його лише для того, щоб зберігати, показувати його вам і ділитися ним там, де ви про це просите. Завантажувати незаконний вміст заборонено. Ми можемо призупинити облікові записи, що порушують ці умови. Обсяг сховища залежить від вашого пакета; коли пакет закінчується, а обсяг перевищено, обліковий запис переходить у режим лише для читання.',
  ],
  ar: [
    'شروط استخدام Bulut',
    'يحفظ Bulut ملفاتك وصورك على خوادم المشغّل. تبقى لك جميع الحقوق في محتواك؛ ولا نعالجه إلا لحفظه وعرضه عليك ومشاركته حيث تطلب ذلك. لا يجوز لك رفع محتوى مخالف للقانون. يجوز لنا تعليق الحسابات التي تخالف هذه الشروط. تعتمد سعة التخزين على باقتك؛ وعندما تنتهي الباقة وتتجاوز السعة، يصبح الحساب للقراءة فقط.',
  ],
  de: [
    'Nutzungsbedingungen von Bulut',
    'Bulut speichert Ihre Dateien und Fotos auf den Servern des Betreibers. Alle Rechte an Ihren Inhalten bleiben bei Ihnen; wir verarbeiten sie nur, um sie zu speichern, Ihnen anzuzeigen und dort zu teilen, wo Sie es wünschen. Rechtswidrige Inhalte dürfen Sie nicht hochladen. Konten, die gegen diese Bedingungen verstoßen, können wir sperren. Ihr Speicherplatz hängt von Ihrem Paket ab; endet das Paket und ist der Speicher überschritten, kann das Konto nur noch gelesen werden.',
  ],
  es: [
    'Condiciones de uso de Bulut',
    'Bulut guarda tus archivos y fotos en los servidores del operador. Conservas todos los derechos sobre tu contenido; solo lo tratamos para guardarlo, mostrártelo y compartirlo donde nos lo pidas. No puedes subir contenido ilícito. Podemos suspender las cuentas que incumplan estas condiciones. Tu espacio de almacenamiento depende de tu paquete; cuando el paquete termina y se supera el espacio, la cuenta pasa a ser de solo lectura.',
  ],
  ro: [
    'Condițiile de utilizare Bulut',
    'Bulut păstrează fișierele și fotografiile tale pe serverele operatorului. Toate drepturile asupra conținutului tău rămân ale tale; îl prelucrăm doar pentru a-l păstra, a ți-l arăta și a-l partaja acolo unde ne ceri. Nu ai voie să încarci conținut ilegal. Putem suspenda conturile care încalcă aceste condiții. Spațiul de stocare depinde de pachetul tău; când pachetul se încheie și spațiul este depășit, contul devine doar pentru citire.',
  ],
  sq: [
    'Kushtet e përdorimit të Bulut',
    'Bulut i ruan skedarët dhe fotot tuaja në serverët e operatorit. Të gjitha të drejtat mbi përmbajtjen tuaj mbeten tuajat; ne e përpunojmë atë vetëm për ta ruajtur, për jua treguar dhe për ta ndarë aty ku na e kërkoni. Nuk lejohet ngarkimi i përmbajtjes së paligjshme. Mund të pezullojmë llogaritë që shkelin këto kushte. Hapësira juaj e ruajtjes varet nga paketa juaj; kur paketa mbaron dhe hapësira tejkalohet, llogaria kalon vetëm për lexim.',
  ],
  fr: [
    'Conditions d’utilisation de Bulut',
    'Bulut conserve vos fichiers et vos photos sur les serveurs de l’opérateur. Vous gardez tous les droits sur votre contenu ; nous ne le traitons que pour le conserver, vous le montrer et le partager là où vous le demandez. Vous ne devez pas téléverser de contenu illicite. Nous pouvons suspendre les comptes qui enfreignent ces conditions. Votre espace de stockage dépend de votre forfait ; lorsque le forfait prend fin et que l’espace est dépassé, le compte passe en lecture seule.',
  ],
  ka: [
    'Bulut-ის გამოყენების პირობები',
    'Bulut თქვენს ფაილებსა და ფოტოებს ოპერატორის სერვერებზე ინახავს. თქვენს კონტენტზე ყველა უფლება თქვენ გრჩებათ; მას ვამუშავებთ მხოლოდ იმისთვის, რომ შევინახოთ, გაჩვენოთ და გავაზიაროთ იქ, სადაც ამას ითხოვთ. უკანონო კონტენტის ატვირთვა აკრძალულია. ამ პირობების დამრღვევი ანგარიშების შეჩერება შეგვიძლია. საცავის მოცულობა თქვენს პაკეტზეა დამოკიდებული; როცა პაკეტი სრულდება და მოცულობა გადაჭარბებულია, ანგარიში მხოლოდ წაკითხვის რეჟიმში გადადის.',
  ],
};

const PRIVACY: Record<string, [title: string, body: string]> = {
  en: [
    'Bulut Privacy Notice',
    'We keep what is needed to run the service: your name, e-mail address and phone number, your password (only as a salted hash), your language and settings, and the files, photos and albums you upload with the facts read from them (date taken, place, camera). To protect your account we record its sign-ins (device and time), and we use your e-mail address and phone number to send you codes and security notices. We do not sell your data and do not use your content for advertising. You can see and correct your details and download or delete your files at any time; ask us through Support to see or delete anything else we hold about you.',
  ],
  tr: [
    'Bulut Gizlilik Bildirimi',
    'Hizmeti sunmak için gerekenleri saklarız: adınız, e-posta adresiniz ve telefon numaranız, şifreniz (yalnızca tuzlanmış özet olarak), diliniz ve ayarlarınız, yüklediğiniz dosyalar, fotoğraflar ve albümler ile bunlardan okunan bilgiler (çekim tarihi, yer, kamera). Hesabınızı korumak için oturum açmalarını (cihaz ve zaman) kaydeder, e-posta adresinizi ve telefon numaranızı size kod ve güvenlik bildirimleri göndermek için kullanırız. Verilerinizi satmayız ve içeriğinizi reklam için kullanmayız. Bilgilerinizi her zaman görebilir ve düzeltebilir, dosyalarınızı indirebilir veya silebilirsiniz; hakkınızda tuttuğumuz başka bir şeyi görmek veya sildirmek için Destek üzerinden bize yazın.',
  ],
  ru: [
    'Уведомление о конфиденциальности Bulut',
    'Мы храним то, что нужно для работы сервиса: ваши имя, адрес электронной почты и номер телефона, пароль (только в виде хеша с солью), язык и настройки, а также загруженные вами файлы, фотографии и альбомы со сведениями, прочитанными из них (дата съёмки, место, камера). Чтобы защитить аккаунт, мы записываем входы в него (устройство и время) и используем ваши адрес электронной почты и номер телефона, чтобы отправлять коды и уведомления о безопасности. Мы не продаём ваши данные и не используем ваш контент для рекламы. Вы в любой момент можете просмотреть и исправить свои данные, скачать или удалить файлы; чтобы увидеть или удалить что-то ещё, что мы о вас храним, напишите нам через Поддержку.',
  ],
  uk: [
    'Повідомлення про конфіденційність Bulut',
    'Ми зберігаємо те, що потрібно для роботи сервісу: ваші ім’я, адресу електронної пошти та номер телефону, пароль (лише як хеш із сіллю), мову та налаштування, а також завантажені вами файли, фотографії та альбоми з відомостями, прочитаними з них (дата зйомки, місце, камера). Щоб захистити обліковий запис, ми записуємо входи до нього (пристрій і час) і використовуємо вашу адресу електронної пошти та номер телефону, щоб надсилати коди та сповіщення про безпеку. Ми не продаємо ваші дані й не використовуємо ваш вміст для реклами. Ви будь-коли можете переглянути й виправити свої дані, завантажити або видалити файли; щоб побачити чи видалити щось інше, що ми про вас зберігаємо, напишіть нам через Підтримку.',
  ],
  ar: [
    'إشعار الخصوصية في Bulut',
    'نحتفظ بما يلزم لتشغيل الخدمة: اسمك وعنوان بريدك الإلكتروني ورقم هاتفك، وكلمة مرورك (بصيغة تجزئة مملّحة فقط)، ولغتك وإعداداتك، والملفات والصور والألبومات التي ترفعها مع المعلومات المقروءة منها (تاريخ الالتقاط والمكان والكاميرا). ولحماية حسابك نسجّل عمليات تسجيل الدخول إليه (الجهاز والوقت)، ونستخدم بريدك الإلكتروني ورقم هاتفك لإرسال الرموز وإشعارات الأمان إليك. لا نبيع بياناتك ولا نستخدم محتواك للإعلانات. يمكنك في أي وقت الاطلاع على بياناتك وتصحيحها وتنزيل ملفاتك أو حذفها؛ وللاطلاع على أي شيء آخر نحتفظ به عنك أو حذفه، راسلنا عبر الدعم.',
  ],
  de: [
    'Datenschutzhinweis von Bulut',
    'Wir speichern, was für den Dienst nötig ist: Ihren Namen, Ihre E-Mail-Adresse und Telefonnummer, Ihr Passwort (nur als gesalzener Hash), Ihre Sprache und Einstellungen sowie die Dateien, Fotos und Alben, die Sie hochladen, mit den daraus gelesenen Angaben (Aufnahmedatum, Ort, Kamera). Zum Schutz Ihres Kontos zeichnen wir die Anmeldungen auf (Gerät und Zeit) und nutzen Ihre E-Mail-Adresse und Telefonnummer, um Ihnen Codes und Sicherheitshinweise zu senden. Wir verkaufen Ihre Daten nicht und nutzen Ihre Inhalte nicht für Werbung. Sie können Ihre Angaben jederzeit einsehen und berichtigen und Ihre Dateien herunterladen oder löschen; um weitere Daten, die wir über Sie speichern, einzusehen oder löschen zu lassen, schreiben Sie uns über den Support.',
  ],
  es: [
    'Aviso de privacidad de Bulut',
    'Guardamos lo necesario para prestar el servicio: tu nombre, tu correo electrónico y tu número de teléfono, tu contraseña (solo como hash con sal), tu idioma y tus ajustes, y los archivos, fotos y álbumes que subes con los datos leídos de ellos (fecha de captura, lugar, cámara). Para proteger tu cuenta registramos los inicios de sesión (dispositivo y hora) y usamos tu correo y tu teléfono para enviarte códigos y avisos de seguridad. No vendemos tus datos ni usamos tu contenido para publicidad. Puedes ver y corregir tus datos y descargar o eliminar tus archivos en cualquier momento; para ver o eliminar cualquier otra cosa que guardemos sobre ti, escríbenos a través de Soporte.',
  ],
  ro: [
    'Notificare de confidențialitate Bulut',
    'Păstrăm ce este necesar pentru serviciu: numele, adresa de e-mail și numărul de telefon, parola (doar ca hash cu sare), limba și setările tale, precum și fișierele, fotografiile și albumele pe care le încarci, cu informațiile citite din ele (data fotografierii, locul, camera). Pentru a-ți proteja contul înregistrăm conectările (dispozitiv și oră) și folosim adresa de e-mail și numărul de telefon ca să îți trimitem coduri și notificări de securitate. Nu îți vindem datele și nu îți folosim conținutul pentru publicitate. Poți oricând să îți vezi și să îți corectezi datele și să îți descarci sau să îți ștergi fișierele; pentru a vedea sau a șterge orice altceva păstrăm despre tine, scrie-ne prin Asistență.',
  ],
  sq: [
    'Njoftimi i privatësisë së Bulut',
    'Ruajmë atë që nevojitet për shërbimin: emrin, adresën e email-it dhe numrin e telefonit, fjalëkalimin (vetëm si hash me kripë), gjuhën dhe cilësimet tuaja, si dhe skedarët, fotot dhe albumet që ngarkoni, me të dhënat e lexuara prej tyre (data e fotografimit, vendi, kamera). Për të mbrojtur llogarinë tuaj regjistrojmë hyrjet në të (pajisja dhe ora) dhe përdorim email-in dhe numrin tuaj të telefonit për t’ju dërguar kode dhe njoftime sigurie. Nuk i shesim të dhënat tuaja dhe nuk e përdorim përmbajtjen tuaj për reklama. Mund t’i shihni dhe t’i korrigjoni të dhënat tuaja dhe t’i shkarkoni ose t’i fshini skedarët në çdo kohë; për të parë ose fshirë çdo gjë tjetër që ruajmë për ju, na shkruani përmes Mbështetjes.',
  ],
  fr: [
    'Avis de confidentialité de Bulut',
    'Nous conservons ce qui est nécessaire au service : vos nom, adresse e-mail et numéro de téléphone, votre mot de passe (uniquement sous forme de hachage salé), votre langue et vos réglages, ainsi que les fichiers, photos et albums que vous téléversez avec les informations qui en sont lues (date de prise de vue, lieu, appareil). Pour protéger votre compte, nous enregistrons ses connexions (appareil et heure) et utilisons votre adresse e-mail et votre numéro de téléphone pour vous envoyer des codes et des alertes de sécurité. Nous ne vendons pas vos données et n’utilisons pas votre contenu à des fins publicitaires. Vous pouvez à tout moment consulter et corriger vos informations, télécharger ou supprimer vos fichiers ; pour consulter ou faire supprimer toute autre donnée que nous détenons sur vous, écrivez-nous via l’Assistance.',
  ],
  ka: [
    'Bulut-ის კონფიდენციალურობის შეტყობინება',
    'ვინახავთ იმას, რაც სერვისისთვის არის საჭირო: თქვენს სახელს, ელფოსტის მისამართსა და ტელეფონის ნომერს, პაროლს (მხოლოდ მარილიანი ჰეშის სახით), ენასა და პარამეტრებს, ასევე თქვენ მიერ ატვირთულ ფაილებს, ფოტოებსა და ალბომებს მათგან წაკითხული მონაცემებით (გადაღების თარიღი, ადგილი, კამერა). ანგარიშის დასაცავად ვინახავთ მასში შესვლების ჩანაწერებს (მოწყობილობა და დრო) და თქვენს ელფოსტასა და ტელეფონის ნომერს ვიყენებთ კოდებისა და უსაფრთხოების შეტყობინებების გამოსაგზავნად. თქვენს მონაცემებს არ ვყიდით და თქვენს კონტენტს რეკლამისთვის არ ვიყენებთ. ნებისმიერ დროს შეგიძლიათ ნახოთ და შეასწოროთ თქვენი მონაცემები, ჩამოტვირთოთ ან წაშალოთ ფაილები; ნებისმიერი სხვა ინფორმაციის სანახავად ან წასაშლელად, რასაც თქვენ შესახებ ვინახავთ, მოგვწერეთ მხარდაჭერის გზით.',
  ],
};

const html = ([title, body]: [string, string]) => `<h2>${title}</h2><p>${body}</p>`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('privacy_policy')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('locale', 'varchar(8)', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('privacy_policy_locale_version').on('privacy_policy').columns(['locale', 'version']).unique().execute();

  const at = Date.now();
  // Ids follow whatever is there, so an operator's own versions are kept.
  const { max } = (await db.selectFrom('eula').select(db.fn.max('id').as('max')).executeTakeFirst()) as { max: number | string | null };
  const have = new Set((await db.selectFrom('eula').select('locale').execute()).map((r: { locale: string }) => r.locale));
  const missing = Object.entries(EULA).filter(([locale]) => !have.has(locale));
  if (missing.length > 0) {
    await db
      .insertInto('eula')
      .values(missing.map(([locale, text], i) => ({ id: Number(max ?? 0) + 1 + i, locale, version: 1, content: html(text), created_at: at })))
      .execute();
  }
  await db
    .insertInto('privacy_policy')
    .values(Object.entries(PRIVACY).map(([locale, text], i) => ({ id: i + 1, locale, version: 1, content: html(text), created_at: at })))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('privacy_policy').execute();
  // Only the seeded version 1 texts; an account may point at one, so they stay if referenced.
  for (const locale of Object.keys(EULA)) {
    await db
      .deleteFrom('eula')
      .where('locale', '=', locale)
      .where('version', '=', 1)
      .where('id', 'not in', db.selectFrom('account').select('eula_id'))
      .execute();
  }
}
