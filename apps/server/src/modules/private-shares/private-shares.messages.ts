import { LANGUAGES, type Language } from '../../shared/schemas.js';

/** Texts the server sends or renders for private shares, in every interface language. */
interface Texts {
  /** Notification title, e-mail subject and SMS opening: "<owner> shared <item> with you". */
  shared: (owner: string, item: string, more: number) => string;
  body: string;
  message: string;
  /** Before the link of an invitation to someone without an account (sign-up), and to an account holder. */
  join: string;
  open: string;
  notFound: { title: string; text: string };
  expired: { title: string; text: string };
  removed: { title: string; text: string };
}

const plus = (more: number, word: string) => (more > 0 ? ` (+${more} ${word})` : '');

const TEXTS: Record<Language, Texts> = {
  en: {
    shared: (o, i, m) => `${o} shared “${i}”${plus(m, 'more')} with you`,
    body: 'Open Bulut and look under Shares › Shared with me.',
    message: 'Message',
    join: 'Create your free Bulut account with this address to open it:',
    open: 'Open it:',
    notFound: { title: 'Not found', text: 'This item does not exist or is not shared with you.' },
    expired: { title: 'Sharing has expired', text: 'The time this item was shared for is over. Ask the owner to share it again.' },
    removed: { title: 'No longer shared', text: 'The owner stopped sharing this item with you.' },
  },
  tr: {
    // "(+2 öğe daha) öğesini" read badly: the count joins the sentence instead.
    shared: (o, i, m) => (m > 0 ? `${o}, sizinle “${i}” ve ${m} öğe daha paylaştı` : `${o}, “${i}” öğesini sizinle paylaştı`),
    body: 'Bulut’u açın ve Paylaşımlar › Benimle paylaşılanlar bölümüne bakın.',
    message: 'Mesaj',
    join: 'Açmak için bu adresle ücretsiz Bulut hesabınızı oluşturun:',
    open: 'Açmak için:',
    notFound: { title: 'Bulunamadı', text: 'Bu öğe yok ya da sizinle paylaşılmıyor.' },
    expired: { title: 'Paylaşımın süresi doldu', text: 'Bu öğenin paylaşım süresi sona erdi. Sahibinden yeniden paylaşmasını isteyin.' },
    removed: { title: 'Artık paylaşılmıyor', text: 'Sahibi bu öğeyi sizinle paylaşmayı durdurdu.' },
  },
  ru: {
    shared: (o, i, m) => `${o} поделился(-ась) с вами «${i}»${plus(m, 'ещё')}`,
    body: 'Откройте Bulut и загляните в раздел Общий доступ › Доступные мне.',
    message: 'Сообщение',
    join: 'Чтобы открыть, создайте бесплатную учётную запись Bulut с этим адресом:',
    open: 'Открыть:',
    notFound: { title: 'Не найдено', text: 'Этот объект не существует или не открыт для вас.' },
    expired: { title: 'Срок доступа истёк', text: 'Время, на которое был открыт доступ, закончилось. Попросите владельца поделиться снова.' },
    removed: { title: 'Доступ закрыт', text: 'Владелец больше не делится этим объектом с вами.' },
  },
  uk: {
    shared: (o, i, m) => `${o} поділився(-лася) з вами «${i}»${plus(m, 'ще')}`,
    body: 'Відкрийте Bulut і перегляньте розділ Спільний доступ › Доступні мені.',
    message: 'Повідомлення',
    join: 'Щоб відкрити, створіть безкоштовний обліковий запис Bulut із цією адресою:',
    open: 'Відкрити:',
    notFound: { title: 'Не знайдено', text: 'Цей об’єкт не існує або не відкритий для вас.' },
    expired: { title: 'Термін доступу минув', text: 'Час, на який було надано доступ, закінчився. Попросіть власника поділитися знову.' },
    removed: { title: 'Доступ закрито', text: 'Власник більше не ділиться цим об’єктом з вами.' },
  },
  ar: {
    shared: (o, i, m) => `شارك ${o} «${i}»${plus(m, 'أخرى')} معك`,
    body: 'افتح Bulut وانظر في المشاركات › تمت مشاركتها معي.',
    message: 'الرسالة',
    join: 'لفتحه، أنشئ حسابك المجاني في Bulut بهذا العنوان:',
    open: 'افتحه:',
    notFound: { title: 'غير موجود', text: 'هذا العنصر غير موجود أو غير مُشارك معك.' },
    expired: { title: 'انتهت مدة المشاركة', text: 'انتهت المدة التي شورك فيها هذا العنصر. اطلب من المالك مشاركته مرة أخرى.' },
    removed: { title: 'لم يعد مُشاركًا', text: 'أوقف المالك مشاركة هذا العنصر معك.' },
  },
  de: {
    shared: (o, i, m) => `${o} hat „${i}“${plus(m, 'weitere')} mit Ihnen geteilt`,
    body: 'Öffnen Sie Bulut und sehen Sie unter Freigaben › Mit mir geteilt nach.',
    message: 'Nachricht',
    join: 'Erstellen Sie mit dieser Adresse Ihr kostenloses Bulut-Konto, um es zu öffnen:',
    open: 'Öffnen:',
    notFound: { title: 'Nicht gefunden', text: 'Dieses Element gibt es nicht oder es ist nicht mit Ihnen geteilt.' },
    expired: { title: 'Freigabe abgelaufen', text: 'Die Freigabedauer ist vorbei. Bitten Sie die Person, es erneut zu teilen.' },
    removed: { title: 'Nicht mehr geteilt', text: 'Der Eigentümer teilt dieses Element nicht mehr mit Ihnen.' },
  },
  es: {
    shared: (o, i, m) => `${o} ha compartido «${i}»${plus(m, 'más')} contigo`,
    body: 'Abre Bulut y mira en Compartidos › Compartido conmigo.',
    message: 'Mensaje',
    join: 'Crea tu cuenta gratuita de Bulut con esta dirección para abrirlo:',
    open: 'Ábrelo:',
    notFound: { title: 'No encontrado', text: 'Este elemento no existe o no está compartido contigo.' },
    expired: { title: 'El uso compartido ha caducado', text: 'El tiempo durante el que se compartió ha terminado. Pide al propietario que lo comparta de nuevo.' },
    removed: { title: 'Ya no se comparte', text: 'El propietario ha dejado de compartir este elemento contigo.' },
  },
  ro: {
    shared: (o, i, m) => `${o} a partajat „${i}”${plus(m, 'în plus')} cu tine`,
    body: 'Deschide Bulut și uită-te la Partajări › Partajate cu mine.',
    message: 'Mesaj',
    join: 'Creează-ți contul Bulut gratuit cu această adresă pentru a-l deschide:',
    open: 'Deschide:',
    notFound: { title: 'Negăsit', text: 'Acest element nu există sau nu este partajat cu tine.' },
    expired: { title: 'Partajarea a expirat', text: 'Perioada de partajare s-a încheiat. Roagă proprietarul să îl partajeze din nou.' },
    removed: { title: 'Nu mai este partajat', text: 'Proprietarul a oprit partajarea acestui element cu tine.' },
  },
  sq: {
    shared: (o, i, m) => `${o} ndau me ju «${i}»${plus(m, 'të tjera')}`,
    body: 'Hapni Bulut dhe shikoni te Ndarjet › Të ndara me mua.',
    message: 'Mesazhi',
    join: 'Krijoni llogarinë tuaj falas Bulut me këtë adresë për ta hapur:',
    open: 'Hapeni:',
    notFound: { title: 'Nuk u gjet', text: 'Ky element nuk ekziston ose nuk është ndarë me ju.' },
    expired: { title: 'Ndarja ka skaduar', text: 'Koha e ndarjes mbaroi. Kërkojini pronarit ta ndajë përsëri.' },
    removed: { title: 'Nuk ndahet më', text: 'Pronari ndaloi ndarjen e këtij elementi me ju.' },
  },
  fr: {
    shared: (o, i, m) => `${o} a partagé « ${i} »${plus(m, 'de plus')} avec vous`,
    body: 'Ouvrez Bulut et regardez dans Partages › Partagés avec moi.',
    message: 'Message',
    join: 'Créez votre compte Bulut gratuit avec cette adresse pour l’ouvrir :',
    open: 'Ouvrir :',
    notFound: { title: 'Introuvable', text: 'Cet élément n’existe pas ou n’est pas partagé avec vous.' },
    expired: { title: 'Le partage a expiré', text: 'La durée du partage est écoulée. Demandez au propriétaire de le partager à nouveau.' },
    removed: { title: 'N’est plus partagé', text: 'Le propriétaire a cessé de partager cet élément avec vous.' },
  },
  ka: {
    shared: (o, i, m) => `${o}-მ გაგიზიარათ „${i}“${plus(m, 'კიდევ')}`,
    body: 'გახსენით Bulut და ნახეთ გაზიარებები › ჩემთან გაზიარებული.',
    message: 'შეტყობინება',
    join: 'გასახსნელად შექმენით უფასო Bulut ანგარიში ამ მისამართით:',
    open: 'გახსნა:',
    notFound: { title: 'ვერ მოიძებნა', text: 'ეს ელემენტი არ არსებობს ან თქვენთან არ არის გაზიარებული.' },
    expired: { title: 'გაზიარების ვადა ამოიწურა', text: 'გაზიარების დრო დასრულდა. სთხოვეთ მფლობელს ხელახლა გაზიარება.' },
    removed: { title: 'აღარ არის გაზიარებული', text: 'მფლობელმა შეწყვიტა ამ ელემენტის თქვენთან გაზიარება.' },
  },
};

/** The caller's language from `?lang=` or `X-Client-Language` ("en-US" → en); Turkish, the default, otherwise. */
export function languageOf(value: string | undefined): Language {
  const code = (value ?? '').slice(0, 2).toLowerCase();
  return (LANGUAGES as readonly string[]).includes(code) ? (code as Language) : 'tr';
}

export const shareTexts = (lang: Language): Texts => TEXTS[lang];

/** The invitation: notification, e-mail and SMS say the same thing; the owner's own words follow, if any. */
export function invitation(
  lang: Language,
  owner: string,
  item: string,
  more: number,
  note: string | undefined,
  link: { url: string; newcomer: boolean },
) {
  const t = TEXTS[lang];
  const title = t.shared(owner, item, more);
  // Someone without an account is told to sign up with the invited address: only that one is given the share.
  const open = link.newcomer ? `${t.join}\n${link.url}` : `${t.body}\n${t.open} ${link.url}`;
  const text = note ? `${title}.\n\n${t.message}: ${note}\n\n${open}` : `${title}.\n\n${open}`;
  return { title, body: t.body, text };
}
