import type { Language } from '../../shared/schemas.js';
import type { Package } from './packages.table.js';

/** The two documents Turkish distance-sales law (Law 6502, Distance Contracts Regulation) asks for before payment. */
export type AgreementKind = 'PRE_INFORMATION' | 'DISTANCE_SALES';

export interface AgreementFacts {
  seller: { name: string; taxId: string; address: string; vatRate: number };
  buyer: { name: string; email: string; phone: string; address: string | null };
  pkg: Pick<Package, 'storage_bytes' | 'period' | 'family' | 'family_member_count' | 'code'>;
  /** What this checkout charges now (a proration credit already taken off). */
  amountMinor: number;
  /** One period's full price, charged at each renewal. */
  periodPriceMinor: number;
  currency: string;
  at: number;
  /** Where the subscriber manages the plan (cancel, resume). */
  packagesUrl: string;
}

export interface AgreementDocument {
  kind: AgreementKind;
  title: string;
  /** Plain text; paragraphs are separated by a blank line. */
  text: string;
}

/** Full texts exist in Turkish (the law's language) and English; every other language reads the English one. */
export type AgreementLanguage = 'tr' | 'en';
export const agreementLanguage = (language: Language): AgreementLanguage => (language === 'tr' ? 'tr' : 'en');

const storage = (bytes: number) => {
  const gb = bytes / 1024 ** 3;
  return gb >= 1024 ? `${+(gb / 1024).toFixed(2)} TB` : `${+gb.toFixed(2)} GB`;
};
const money = (minor: number, currency: string, lang: AgreementLanguage) =>
  new Intl.NumberFormat(lang === 'tr' ? 'tr-TR' : 'en-GB', { style: 'currency', currency }).format(minor / 100);
const date = (at: number, lang: AgreementLanguage) =>
  new Intl.DateTimeFormat(lang === 'tr' ? 'tr-TR' : 'en-GB', { dateStyle: 'long', timeZone: 'Europe/Istanbul' }).format(at);
const vatOf = (minor: number, rate: number) => Math.round((minor * rate) / (100 + rate));

interface Filled {
  plan: string;
  total: string;
  renewal: string;
  vat: string;
  day: string;
  buyerAddress: string;
}

function fill(f: AgreementFacts, lang: AgreementLanguage): Filled {
  const monthly = f.pkg.period === 'MONTHLY';
  const family =
    f.pkg.family === 1
      ? lang === 'tr'
        ? `, aile paylaşımı (${f.pkg.family_member_count} kişiye kadar)`
        : `, family sharing (up to ${f.pkg.family_member_count} people)`
      : '';
  const period = lang === 'tr' ? (monthly ? 'aylık' : 'yıllık') : monthly ? 'monthly' : 'yearly';
  return {
    plan:
      lang === 'tr'
        ? `Bulut ${storage(f.pkg.storage_bytes)} bulut depolama paketi, ${period} abonelik${family} (paket kodu ${f.pkg.code})`
        : `Bulut ${storage(f.pkg.storage_bytes)} cloud storage package, ${period} subscription${family} (package code ${f.pkg.code})`,
    total: money(f.amountMinor, f.currency, lang),
    renewal: money(f.periodPriceMinor, f.currency, lang),
    vat: money(vatOf(f.amountMinor, f.seller.vatRate), f.currency, lang),
    day: date(f.at, lang),
    buyerAddress: f.buyer.address?.trim() || (lang === 'tr' ? 'Belirtilmedi' : 'Not given'),
  };
}

function turkish(f: AgreementFacts): AgreementDocument[] {
  const v = fill(f, 'tr');
  const parties = [
    `SATICI: ${f.seller.name}\nAdres: ${f.seller.address}\nVergi numarası: ${f.seller.taxId}`,
    `ALICI: ${f.buyer.name}\nE-posta: ${f.buyer.email}\nTelefon: ${f.buyer.phone}\nAdres: ${v.buyerAddress}`,
  ];
  const service = `HİZMET: ${v.plan}.\nBugün ödenecek toplam tutar (KDV %${f.seller.vatRate} dahil, KDV tutarı ${v.vat}): ${v.total}.\nHer yenilemede dönem ücreti: ${v.renewal} (KDV dahil).`;
  const withdrawal =
    'CAYMA HAKKI: Alıcı, sözleşmenin kurulduğu günden itibaren 14 gün içinde hiçbir gerekçe göstermeksizin ve cezai şart ödemeksizin sözleşmeden cayma hakkına sahiptir. Ancak Mesafeli Sözleşmeler Yönetmeliği\'nin 15. maddesi uyarınca, cayma hakkı süresi sona ermeden önce Alıcı\'nın onayı ile ifasına başlanan hizmetlerde ve elektronik ortamda anında ifa edilen hizmetlerde cayma hakkı kullanılamaz. Alıcı, ödemeyi onaylayarak hizmetin ödeme anında başlatılmasını kabul eder; depolama alanı ödemenin onaylanmasıyla hemen tanımlanır.';
  const renewalRule = `YENİLEME VE İPTAL: Abonelik, iptal edilmedikçe her dönem sonunda aynı ücretle otomatik olarak yenilenir ve ücret kayıtlı karttan tahsil edilir. Alıcı aboneliğini dilediği zaman "Kullanım bilgisi ve paketler" sayfasından (${f.packagesUrl}) iptal edebilir; iptal, ödenmiş dönemin sonunda geçerli olur ve o tarihe kadar hizmet sürer.`;
  const complaints =
    'ŞİKÂYET VE İTİRAZ: Alıcı, şikâyet ve itirazlarını Ticaret Bakanlığı\'nca her yıl belirlenen parasal sınırlar dahilinde, mal veya hizmeti satın aldığı veya ikametgâhının bulunduğu yerdeki Tüketici Hakem Heyeti\'ne ya da Tüketici Mahkemesi\'ne yapabilir.';
  return [
    {
      kind: 'PRE_INFORMATION',
      title: 'Ön Bilgilendirme Formu',
      text: [
        `Bu form, 6502 sayılı Tüketicinin Korunması Hakkında Kanun ve Mesafeli Sözleşmeler Yönetmeliği uyarınca, mesafeli sözleşme kurulmadan önce Alıcı'yı bilgilendirmek için düzenlenmiştir. Tarih: ${v.day}.`,
        ...parties,
        service,
        'ÖDEME VE İFA: Ödeme kredi/banka kartı veya cüzdan ile peşin alınır. Hizmet, ödemenin onaylanmasının hemen ardından Alıcı\'nın hesabına tanımlanır; ayrıca bir teslimat yapılmaz ve teslimat masrafı yoktur.',
        withdrawal,
        renewalRule,
        complaints,
        'Alıcı, bu ön bilgilendirme formunu okuduğunu ve elektronik ortamda teyit ettiğini kabul eder.',
      ].join('\n\n'),
    },
    {
      kind: 'DISTANCE_SALES',
      title: 'Mesafeli Satış Sözleşmesi',
      text: [
        `MADDE 1 – TARAFLAR\n\n${parties.join('\n\n')}`,
        `MADDE 2 – KONU\n\nBu sözleşmenin konusu, Alıcı'nın Satıcı'ya ait Bulut hizmeti üzerinden elektronik ortamda sipariş verdiği aşağıda nitelikleri ve satış fiyatı belirtilen hizmetin sunulmasına ilişkin olarak 6502 sayılı Tüketicinin Korunması Hakkında Kanun ve Mesafeli Sözleşmeler Yönetmeliği hükümleri gereğince tarafların hak ve yükümlülüklerinin belirlenmesidir.`,
        `MADDE 3 – HİZMET VE BEDEL\n\n${service}`,
        'MADDE 4 – İFA\n\nHizmet, ödemenin onaylanmasıyla Alıcı\'nın hesabına hemen tanımlanır. Satıcı, hizmeti abonelik süresince kesintisiz sunmak için makul özeni gösterir; planlı bakım çalışmaları önceden duyurulur.',
        `MADDE 5 – CAYMA HAKKI\n\n${withdrawal}`,
        `MADDE 6 – YENİLEME VE İPTAL\n\n${renewalRule} Daha küçük bir pakete geçiş, mevcut dönemin sonunda başlar.`,
        'MADDE 7 – ALICININ YÜKÜMLÜLÜKLERİ\n\nAlıcı, hesabının güvenliğinden ve hizmete yüklediği içeriğin hukuka uygunluğundan sorumludur. Depolama alanı dolduğunda yeni yükleme yapılamaz; mevcut dosyalar korunur.',
        `MADDE 8 – UYUŞMAZLIKLAR\n\n${complaints}`,
        `MADDE 9 – YÜRÜRLÜK\n\nAlıcı, ödeme sayfasındaki onay kutusunu işaretleyip ödemeyi onayladığında bu sözleşmenin ve ön bilgilendirme formunun tüm koşullarını okuduğunu ve kabul ettiğini beyan eder. Sözleşme, ödemenin onaylandığı anda kurulur. Tarih: ${v.day}.`,
      ].join('\n\n'),
    },
  ];
}

function english(f: AgreementFacts): AgreementDocument[] {
  const v = fill(f, 'en');
  const parties = [
    `SELLER: ${f.seller.name}\nAddress: ${f.seller.address}\nTax number: ${f.seller.taxId}`,
    `BUYER: ${f.buyer.name}\nE-mail: ${f.buyer.email}\nPhone: ${f.buyer.phone}\nAddress: ${v.buyerAddress}`,
  ];
  const service = `SERVICE: ${v.plan}.\nTotal payable today (VAT ${f.seller.vatRate}% included, VAT amount ${v.vat}): ${v.total}.\nPrice of each renewal period: ${v.renewal} (VAT included).`;
  const withdrawal =
    'RIGHT OF WITHDRAWAL: The Buyer may withdraw from this contract within 14 days of its conclusion without giving any reason and without paying any penalty. However, under Article 15 of the Distance Contracts Regulation, the right of withdrawal cannot be used for services whose performance began with the Buyer\'s approval before the withdrawal period ended, nor for services performed instantly in electronic form. By confirming the payment the Buyer agrees that the service starts at the moment of payment; the storage is added to the account as soon as the payment is confirmed.';
  const renewalRule = `RENEWAL AND CANCELLATION: Unless cancelled, the subscription renews automatically at the end of each period at the same price, charged to the saved card. The Buyer can cancel at any time on the "Usage info and packages" page (${f.packagesUrl}); the cancellation takes effect at the end of the paid period and the service continues until then.`;
  const complaints =
    'COMPLAINTS: Within the monetary limits set each year by the Ministry of Trade, the Buyer may bring complaints and objections to the Consumer Arbitration Committee or the Consumer Court where the service was bought or where the Buyer lives.';
  return [
    {
      kind: 'PRE_INFORMATION',
      title: 'Preliminary Information Form',
      text: [
        `This form informs the Buyer before the distance contract is concluded, as required by Consumer Protection Law No. 6502 and the Distance Contracts Regulation. Date: ${v.day}.`,
        ...parties,
        service,
        'PAYMENT AND PERFORMANCE: Payment is taken in advance by credit/debit card or wallet. The service is added to the Buyer\'s account immediately after the payment is confirmed; nothing is shipped and there is no delivery cost.',
        withdrawal,
        renewalRule,
        complaints,
        'The Buyer confirms having read this preliminary information form and having confirmed it electronically.',
      ].join('\n\n'),
    },
    {
      kind: 'DISTANCE_SALES',
      title: 'Distance Sales Agreement',
      text: [
        `ARTICLE 1 – PARTIES\n\n${parties.join('\n\n')}`,
        'ARTICLE 2 – SUBJECT\n\nThis agreement sets out the rights and obligations of the parties, under Consumer Protection Law No. 6502 and the Distance Contracts Regulation, for the service described below that the Buyer orders electronically through the Seller\'s Bulut service.',
        `ARTICLE 3 – SERVICE AND PRICE\n\n${service}`,
        'ARTICLE 4 – PERFORMANCE\n\nThe service is added to the Buyer\'s account as soon as the payment is confirmed. The Seller takes reasonable care to provide the service without interruption during the subscription; planned maintenance is announced in advance.',
        `ARTICLE 5 – RIGHT OF WITHDRAWAL\n\n${withdrawal}`,
        `ARTICLE 6 – RENEWAL AND CANCELLATION\n\n${renewalRule} A move to a smaller package starts at the end of the current period.`,
        'ARTICLE 7 – BUYER\'S OBLIGATIONS\n\nThe Buyer is responsible for the security of the account and for the lawfulness of the content uploaded to the service. When the storage is full no new uploads are possible; existing files are kept.',
        `ARTICLE 8 – DISPUTES\n\n${complaints}`,
        `ARTICLE 9 – ENTRY INTO FORCE\n\nBy ticking the confirmation box on the payment page and confirming the payment, the Buyer declares having read and accepted all terms of this agreement and of the preliminary information form. The agreement is concluded when the payment is confirmed. Date: ${v.day}.`,
      ].join('\n\n'),
    },
  ];
}

/** Both documents, filled with this checkout's plan, price, seller and buyer, in Turkish or English. */
export function agreementDocuments(language: Language, facts: AgreementFacts): { language: AgreementLanguage; documents: AgreementDocument[] } {
  const lang = agreementLanguage(language);
  return { language: lang, documents: lang === 'tr' ? turkish(facts) : english(facts) };
}
