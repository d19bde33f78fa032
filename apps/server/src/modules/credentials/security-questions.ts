import type { Language } from '../../shared/schemas.js';

/**
 * The fixed catalogue of security questions (ids are stored on accounts: never renumber, only append). Questions
 * whose answers are hard to look up on social media and stay the same over a lifetime.
 */
const CATALOGUE: ReadonlyArray<{ id: number; text: Record<Language, string> }> = [
  {
    id: 1,
    text: {
      en: 'What was the name of your first pet?',
      tr: 'İlk evcil hayvanınızın adı neydi?',
      ru: 'Как звали вашего первого питомца?',
      uk: 'Як звали вашого першого домашнього улюбленця?',
      ar: 'ما اسم أول حيوان أليف امتلكته؟',
      de: 'Wie hieß Ihr erstes Haustier?',
      es: '¿Cómo se llamaba tu primera mascota?',
      ro: 'Cum se numea primul tău animal de companie?',
      sq: 'Si quhej kafsha juaj e parë shtëpiake?',
      fr: 'Comment s’appelait votre premier animal de compagnie ?',
      ka: 'რა ერქვა თქვენს პირველ შინაურ ცხოველს?',
    },
  },
  {
    id: 2,
    text: {
      en: 'In which city did your parents meet?',
      tr: 'Anne ve babanız hangi şehirde tanıştı?',
      ru: 'В каком городе познакомились ваши родители?',
      uk: 'У якому місті познайомилися ваші батьки?',
      ar: 'في أي مدينة التقى والداك؟',
      de: 'In welcher Stadt haben sich Ihre Eltern kennengelernt?',
      es: '¿En qué ciudad se conocieron tus padres?',
      ro: 'În ce oraș s-au cunoscut părinții tăi?',
      sq: 'Në cilin qytet u njohën prindërit tuaj?',
      fr: 'Dans quelle ville vos parents se sont-ils rencontrés ?',
      ka: 'რომელ ქალაქში გაიცნეს ერთმანეთი თქვენმა მშობლებმა?',
    },
  },
  {
    id: 3,
    text: {
      en: 'What was the name of your primary school?',
      tr: 'İlkokulunuzun adı neydi?',
      ru: 'Как называлась ваша начальная школа?',
      uk: 'Як називалася ваша початкова школа?',
      ar: 'ما اسم مدرستك الابتدائية؟',
      de: 'Wie hieß Ihre Grundschule?',
      es: '¿Cómo se llamaba tu escuela primaria?',
      ro: 'Cum se numea școala ta primară?',
      sq: 'Si quhej shkolla juaj fillore?',
      fr: 'Comment s’appelait votre école primaire ?',
      ka: 'რა ერქვა თქვენს დაწყებით სკოლას?',
    },
  },
  {
    id: 4,
    text: {
      en: 'What is the first name of your childhood best friend?',
      tr: 'Çocukluktaki en yakın arkadaşınızın adı nedir?',
      ru: 'Как зовут вашего лучшего друга детства?',
      uk: 'Як звати вашого найкращого друга дитинства?',
      ar: 'ما الاسم الأول لأعز أصدقائك في الطفولة؟',
      de: 'Wie lautet der Vorname Ihres besten Freundes aus der Kindheit?',
      es: '¿Cuál es el nombre de tu mejor amigo de la infancia?',
      ro: 'Care este prenumele celui mai bun prieten din copilărie?',
      sq: 'Cili është emri i mikut tuaj më të mirë të fëmijërisë?',
      fr: 'Quel est le prénom de votre meilleur ami d’enfance ?',
      ka: 'რა ჰქვია თქვენს ბავშვობის საუკეთესო მეგობარს?',
    },
  },
  {
    id: 5,
    text: {
      en: 'What was the make and model of your first car?',
      tr: 'İlk arabanızın markası ve modeli neydi?',
      ru: 'Какой марки и модели был ваш первый автомобиль?',
      uk: 'Якої марки й моделі був ваш перший автомобіль?',
      ar: 'ما نوع وطراز سيارتك الأولى؟',
      de: 'Welche Marke und welches Modell hatte Ihr erstes Auto?',
      es: '¿Qué marca y modelo era tu primer coche?',
      ro: 'Ce marcă și model era prima ta mașină?',
      sq: 'Çfarë marke dhe modeli ishte makina juaj e parë?',
      fr: 'Quels étaient la marque et le modèle de votre première voiture ?',
      ka: 'რა მარკისა და მოდელის იყო თქვენი პირველი მანქანა?',
    },
  },
  {
    id: 6,
    text: {
      en: 'What is your grandmother’s maiden name?',
      tr: 'Büyükannenizin kızlık soyadı nedir?',
      ru: 'Какая девичья фамилия вашей бабушки?',
      uk: 'Яке дівоче прізвище вашої бабусі?',
      ar: 'ما اسم عائلة جدتك قبل الزواج؟',
      de: 'Wie lautet der Mädchenname Ihrer Großmutter?',
      es: '¿Cuál es el apellido de soltera de tu abuela?',
      ro: 'Care este numele de fată al bunicii tale?',
      sq: 'Cili është mbiemri i vajzërisë së gjyshes suaj?',
      fr: 'Quel est le nom de jeune fille de votre grand-mère ?',
      ka: 'რა იყო თქვენი ბებიის ქალიშვილობის გვარი?',
    },
  },
  {
    id: 7,
    text: {
      en: 'What was the first concert you went to?',
      tr: 'Gittiğiniz ilk konser hangisiydi?',
      ru: 'На какой концерт вы сходили впервые?',
      uk: 'На який концерт ви пішли вперше?',
      ar: 'ما أول حفل موسيقي حضرته؟',
      de: 'Welches war das erste Konzert, das Sie besucht haben?',
      es: '¿Cuál fue el primer concierto al que fuiste?',
      ro: 'Care a fost primul concert la care ai fost?',
      sq: 'Cili ishte koncerti i parë ku shkuat?',
      fr: 'Quel a été le premier concert auquel vous avez assisté ?',
      ka: 'რომელი იყო პირველი კონცერტი, რომელსაც დაესწარით?',
    },
  },
  {
    id: 8,
    text: {
      en: 'On which street did you live when you were ten?',
      tr: 'On yaşındayken hangi sokakta yaşıyordunuz?',
      ru: 'На какой улице вы жили, когда вам было десять лет?',
      uk: 'На якій вулиці ви жили, коли вам було десять років?',
      ar: 'في أي شارع كنت تسكن عندما كان عمرك عشر سنوات؟',
      de: 'In welcher Straße haben Sie mit zehn Jahren gewohnt?',
      es: '¿En qué calle vivías cuando tenías diez años?',
      ro: 'Pe ce stradă locuiai când aveai zece ani?',
      sq: 'Në cilën rrugë jetonit kur ishit dhjetë vjeç?',
      fr: 'Dans quelle rue habitiez-vous à dix ans ?',
      ka: 'რომელ ქუჩაზე ცხოვრობდით, როცა ათი წლის იყავით?',
    },
  },
];

export const SECURITY_QUESTION_IDS: readonly number[] = CATALOGUE.map((q) => q.id);

export const securityQuestionText = (id: number, language: Language): string | null =>
  CATALOGUE.find((q) => q.id === id)?.text[language] ?? null;

export const listSecurityQuestions = (language: Language) => CATALOGUE.map((q) => ({ id: q.id, text: q.text[language] }));

/**
 * An answer as compared: case, accents, punctuation and spacing do not count ("İstanbul", "istanbul ", "ISTANBUL" and
 * "Istanbul." are one answer), so a person who typed it once can type it again years later.
 */
export function normaliseAnswer(answer: string): string {
  return answer
    .replace(/[İı]/g, 'i')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
