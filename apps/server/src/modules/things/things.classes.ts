// The object classes things are made of (COCO-80 as the vision engine's detector names them, snake_case), with their
// names in the app's 11 languages. The server indexes every name for search; the web copies the same names into its
// `discover` locale files as `things.<tag>`, so this object is plain JSON (no functions, no references).
// 'person' is left out: people are the people module's (faces), and nearly every photo would be a "person" thing.

export const THING_LANGUAGES = ['en', 'tr', 'ru', 'uk', 'ar', 'de', 'es', 'ro', 'sq', 'fr', 'ka'] as const;
export type ThingLanguage = (typeof THING_LANGUAGES)[number];
type Names = Record<ThingLanguage, string>;

// Columns: en, tr, ru, uk, ar, de, es, ro, sq, fr, ka
const TABLE: Record<string, readonly [string, string, string, string, string, string, string, string, string, string, string]> = {
  bicycle: ['Bicycle', 'Bisiklet', 'Велосипед', 'Велосипед', 'دراجة هوائية', 'Fahrrad', 'Bicicleta', 'Bicicletă', 'Biçikletë', 'Vélo', 'ველოსიპედი'],
  car: ['Car', 'Araba', 'Автомобиль', 'Автомобіль', 'سيارة', 'Auto', 'Coche', 'Mașină', 'Makinë', 'Voiture', 'მანქანა'],
  motorcycle: ['Motorcycle', 'Motosiklet', 'Мотоцикл', 'Мотоцикл', 'دراجة نارية', 'Motorrad', 'Moto', 'Motocicletă', 'Motoçikletë', 'Moto', 'მოტოციკლი'],
  airplane: ['Airplane', 'Uçak', 'Самолёт', 'Літак', 'طائرة', 'Flugzeug', 'Avión', 'Avion', 'Aeroplan', 'Avion', 'თვითმფრინავი'],
  bus: ['Bus', 'Otobüs', 'Автобус', 'Автобус', 'حافلة', 'Bus', 'Autobús', 'Autobuz', 'Autobus', 'Bus', 'ავტობუსი'],
  train: ['Train', 'Tren', 'Поезд', 'Потяг', 'قطار', 'Zug', 'Tren', 'Tren', 'Tren', 'Train', 'მატარებელი'],
  truck: ['Truck', 'Kamyon', 'Грузовик', 'Вантажівка', 'شاحنة', 'Lastwagen', 'Camión', 'Camion', 'Kamion', 'Camion', 'სატვირთო მანქანა'],
  boat: ['Boat', 'Tekne', 'Лодка', 'Човен', 'قارب', 'Boot', 'Barco', 'Barcă', 'Varkë', 'Bateau', 'ნავი'],
  traffic_light: ['Traffic light', 'Trafik ışığı', 'Светофор', 'Світлофор', 'إشارة مرور', 'Ampel', 'Semáforo', 'Semafor', 'Semafor', 'Feu de circulation', 'შუქნიშანი'],
  fire_hydrant: ['Fire hydrant', 'Yangın musluğu', 'Пожарный гидрант', 'Пожежний гідрант', 'صنبور إطفاء', 'Hydrant', 'Boca de incendios', 'Hidrant', 'Hidrant zjarri', "Bouche d'incendie", 'ხანძარსაწინააღმდეგო ჰიდრანტი'],
  stop_sign: ['Stop sign', 'Dur işareti', 'Знак «Стоп»', 'Знак «Стоп»', 'إشارة توقف', 'Stoppschild', 'Señal de stop', 'Semn de stop', 'Tabelë stop', 'Panneau stop', 'გაჩერების ნიშანი'],
  parking_meter: ['Parking meter', 'Otopark sayacı', 'Паркомат', 'Паркомат', 'عداد موقف', 'Parkuhr', 'Parquímetro', 'Parcometru', 'Parkometër', 'Parcmètre', 'პარკომატი'],
  bench: ['Bench', 'Bank', 'Скамейка', 'Лавка', 'مقعد', 'Bank', 'Banco', 'Bancă', 'Stol', 'Banc', 'გრძელი სკამი'],
  bird: ['Bird', 'Kuş', 'Птица', 'Птах', 'طائر', 'Vogel', 'Pájaro', 'Pasăre', 'Zog', 'Oiseau', 'ჩიტი'],
  cat: ['Cat', 'Kedi', 'Кошка', 'Кіт', 'قطة', 'Katze', 'Gato', 'Pisică', 'Mace', 'Chat', 'კატა'],
  dog: ['Dog', 'Köpek', 'Собака', 'Собака', 'كلب', 'Hund', 'Perro', 'Câine', 'Qen', 'Chien', 'ძაღლი'],
  horse: ['Horse', 'At', 'Лошадь', 'Кінь', 'حصان', 'Pferd', 'Caballo', 'Cal', 'Kalë', 'Cheval', 'ცხენი'],
  sheep: ['Sheep', 'Koyun', 'Овца', 'Вівця', 'خروف', 'Schaf', 'Oveja', 'Oaie', 'Dele', 'Mouton', 'ცხვარი'],
  cow: ['Cow', 'İnek', 'Корова', 'Корова', 'بقرة', 'Kuh', 'Vaca', 'Vacă', 'Lopë', 'Vache', 'ძროხა'],
  elephant: ['Elephant', 'Fil', 'Слон', 'Слон', 'فيل', 'Elefant', 'Elefante', 'Elefant', 'Elefant', 'Éléphant', 'სპილო'],
  bear: ['Bear', 'Ayı', 'Медведь', 'Ведмідь', 'دب', 'Bär', 'Oso', 'Urs', 'Ari', 'Ours', 'დათვი'],
  zebra: ['Zebra', 'Zebra', 'Зебра', 'Зебра', 'حمار وحشي', 'Zebra', 'Cebra', 'Zebră', 'Zebër', 'Zèbre', 'ზებრა'],
  giraffe: ['Giraffe', 'Zürafa', 'Жираф', 'Жирафа', 'زرافة', 'Giraffe', 'Jirafa', 'Girafă', 'Gjirafë', 'Girafe', 'ჟირაფი'],
  backpack: ['Backpack', 'Sırt çantası', 'Рюкзак', 'Рюкзак', 'حقيبة ظهر', 'Rucksack', 'Mochila', 'Rucsac', 'Çantë shpine', 'Sac à dos', 'ზურგჩანთა'],
  umbrella: ['Umbrella', 'Şemsiye', 'Зонт', 'Парасолька', 'مظلة', 'Regenschirm', 'Paraguas', 'Umbrelă', 'Çadër', 'Parapluie', 'ქოლგა'],
  handbag: ['Handbag', 'El çantası', 'Сумка', 'Сумочка', 'حقيبة يد', 'Handtasche', 'Bolso', 'Geantă', 'Çantë dore', 'Sac à main', 'ხელჩანთა'],
  tie: ['Tie', 'Kravat', 'Галстук', 'Краватка', 'ربطة عنق', 'Krawatte', 'Corbata', 'Cravată', 'Kravatë', 'Cravate', 'ჰალსტუხი'],
  suitcase: ['Suitcase', 'Bavul', 'Чемодан', 'Валіза', 'حقيبة سفر', 'Koffer', 'Maleta', 'Valiză', 'Valixhe', 'Valise', 'ჩემოდანი'],
  frisbee: ['Frisbee', 'Frizbi', 'Фрисби', 'Фрісбі', 'قرص طائر', 'Frisbee', 'Frisbi', 'Frisbee', 'Frizbi', 'Frisbee', 'ფრისბი'],
  skis: ['Skis', 'Kayak', 'Лыжи', 'Лижі', 'زلاجات', 'Ski', 'Esquís', 'Schiuri', 'Ski', 'Skis', 'თხილამურები'],
  snowboard: ['Snowboard', 'Snowboard', 'Сноуборд', 'Сноуборд', 'لوح تزلج على الثلج', 'Snowboard', 'Snowboard', 'Snowboard', 'Snowboard', 'Snowboard', 'სნოუბორდი'],
  sports_ball: ['Ball', 'Top', 'Мяч', "М'яч", 'كرة', 'Ball', 'Pelota', 'Minge', 'Top', 'Ballon', 'ბურთი'],
  kite: ['Kite', 'Uçurtma', 'Воздушный змей', 'Повітряний змій', 'طائرة ورقية', 'Drachen', 'Cometa', 'Zmeu', 'Balonë letre', 'Cerf-volant', 'ფრანი'],
  baseball_bat: ['Baseball bat', 'Beyzbol sopası', 'Бейсбольная бита', 'Бейсбольна бита', 'مضرب بيسبول', 'Baseballschläger', 'Bate de béisbol', 'Bâtă de baseball', 'Shkop bejsbolli', 'Batte de baseball', 'ბეისბოლის ჯოხი'],
  baseball_glove: ['Baseball glove', 'Beyzbol eldiveni', 'Бейсбольная перчатка', 'Бейсбольна рукавиця', 'قفاز بيسبول', 'Baseballhandschuh', 'Guante de béisbol', 'Mănușă de baseball', 'Dorezë bejsbolli', 'Gant de baseball', 'ბეისბოლის ხელთათმანი'],
  skateboard: ['Skateboard', 'Kaykay', 'Скейтборд', 'Скейтборд', 'لوح تزلج', 'Skateboard', 'Monopatín', 'Skateboard', 'Skateboard', 'Skateboard', 'სკეიტბორდი'],
  surfboard: ['Surfboard', 'Sörf tahtası', 'Доска для сёрфинга', 'Дошка для серфінгу', 'لوح ركوب الأمواج', 'Surfbrett', 'Tabla de surf', 'Placă de surf', 'Dërrasë surfi', 'Planche de surf', 'სერფინგის დაფა'],
  tennis_racket: ['Tennis racket', 'Tenis raketi', 'Теннисная ракетка', 'Тенісна ракетка', 'مضرب تنس', 'Tennisschläger', 'Raqueta de tenis', 'Rachetă de tenis', 'Raketë tenisi', 'Raquette de tennis', 'ჩოგბურთის ჩოგანი'],
  bottle: ['Bottle', 'Şişe', 'Бутылка', 'Пляшка', 'زجاجة', 'Flasche', 'Botella', 'Sticlă', 'Shishe', 'Bouteille', 'ბოთლი'],
  wine_glass: ['Wine glass', 'Şarap kadehi', 'Бокал', 'Келих', 'كأس نبيذ', 'Weinglas', 'Copa de vino', 'Pahar de vin', 'Gotë vere', 'Verre à vin', 'ღვინის ჭიქა'],
  cup: ['Cup', 'Fincan', 'Чашка', 'Чашка', 'كوب', 'Tasse', 'Taza', 'Cană', 'Filxhan', 'Tasse', 'ფინჯანი'],
  fork: ['Fork', 'Çatal', 'Вилка', 'Виделка', 'شوكة', 'Gabel', 'Tenedor', 'Furculiță', 'Pirun', 'Fourchette', 'ჩანგალი'],
  knife: ['Knife', 'Bıçak', 'Нож', 'Ніж', 'سكين', 'Messer', 'Cuchillo', 'Cuțit', 'Thikë', 'Couteau', 'დანა'],
  spoon: ['Spoon', 'Kaşık', 'Ложка', 'Ложка', 'ملعقة', 'Löffel', 'Cuchara', 'Lingură', 'Lugë', 'Cuillère', 'კოვზი'],
  bowl: ['Bowl', 'Kase', 'Миска', 'Миска', 'وعاء', 'Schüssel', 'Cuenco', 'Bol', 'Tas', 'Bol', 'თასი'],
  banana: ['Banana', 'Muz', 'Банан', 'Банан', 'موز', 'Banane', 'Plátano', 'Banană', 'Banane', 'Banane', 'ბანანი'],
  apple: ['Apple', 'Elma', 'Яблоко', 'Яблуко', 'تفاحة', 'Apfel', 'Manzana', 'Măr', 'Mollë', 'Pomme', 'ვაშლი'],
  sandwich: ['Sandwich', 'Sandviç', 'Сэндвич', 'Сендвіч', 'شطيرة', 'Sandwich', 'Sándwich', 'Sandviș', 'Sanduiç', 'Sandwich', 'სენდვიჩი'],
  orange: ['Orange', 'Portakal', 'Апельсин', 'Апельсин', 'برتقال', 'Orange', 'Naranja', 'Portocală', 'Portokall', 'Orange', 'ფორთოხალი'],
  broccoli: ['Broccoli', 'Brokoli', 'Брокколи', 'Броколі', 'بروكلي', 'Brokkoli', 'Brócoli', 'Broccoli', 'Brokoli', 'Brocoli', 'ბროკოლი'],
  carrot: ['Carrot', 'Havuç', 'Морковь', 'Морква', 'جزر', 'Karotte', 'Zanahoria', 'Morcov', 'Karotë', 'Carotte', 'სტაფილო'],
  hot_dog: ['Hot dog', 'Sosisli sandviç', 'Хот-дог', 'Хот-дог', 'نقانق', 'Hotdog', 'Perrito caliente', 'Hot dog', 'Hot dog', 'Hot-dog', 'ჰოთ-დოგი'],
  pizza: ['Pizza', 'Pizza', 'Пицца', 'Піца', 'بيتزا', 'Pizza', 'Pizza', 'Pizza', 'Pica', 'Pizza', 'პიცა'],
  donut: ['Donut', 'Donut', 'Пончик', 'Пончик', 'دونات', 'Donut', 'Dónut', 'Gogoașă', 'Petull', 'Beignet', 'დონატი'],
  cake: ['Cake', 'Pasta', 'Торт', 'Торт', 'كعكة', 'Kuchen', 'Pastel', 'Tort', 'Tortë', 'Gâteau', 'ტორტი'],
  chair: ['Chair', 'Sandalye', 'Стул', 'Стілець', 'كرسي', 'Stuhl', 'Silla', 'Scaun', 'Karrige', 'Chaise', 'სკამი'],
  couch: ['Sofa', 'Kanepe', 'Диван', 'Диван', 'أريكة', 'Sofa', 'Sofá', 'Canapea', 'Divan', 'Canapé', 'დივანი'],
  potted_plant: ['Potted plant', 'Saksı bitkisi', 'Комнатное растение', 'Кімнатна рослина', 'نبتة في أصيص', 'Topfpflanze', 'Planta en maceta', 'Plantă în ghiveci', 'Bimë në vazo', 'Plante en pot', 'ქოთნის მცენარე'],
  bed: ['Bed', 'Yatak', 'Кровать', 'Ліжко', 'سرير', 'Bett', 'Cama', 'Pat', 'Shtrat', 'Lit', 'საწოლი'],
  dining_table: ['Table', 'Masa', 'Стол', 'Стіл', 'طاولة', 'Tisch', 'Mesa', 'Masă', 'Tryezë', 'Table', 'მაგიდა'],
  toilet: ['Toilet', 'Tuvalet', 'Унитаз', 'Унітаз', 'مرحاض', 'Toilette', 'Inodoro', 'Toaletă', 'Tualet', 'Toilettes', 'უნიტაზი'],
  tv: ['TV', 'Televizyon', 'Телевизор', 'Телевізор', 'تلفاز', 'Fernseher', 'Televisor', 'Televizor', 'Televizor', 'Télévision', 'ტელევიზორი'],
  laptop: ['Laptop', 'Dizüstü bilgisayar', 'Ноутбук', 'Ноутбук', 'حاسوب محمول', 'Laptop', 'Portátil', 'Laptop', 'Laptop', 'Ordinateur portable', 'ლეპტოპი'],
  mouse: ['Computer mouse', 'Fare', 'Компьютерная мышь', "Комп'ютерна миша", 'فأرة الحاسوب', 'Computermaus', 'Ratón', 'Mouse', 'Maus', 'Souris', 'მაუსი'],
  remote: ['Remote control', 'Uzaktan kumanda', 'Пульт', 'Пульт', 'جهاز تحكم عن بعد', 'Fernbedienung', 'Mando a distancia', 'Telecomandă', 'Telekomandë', 'Télécommande', 'პულტი'],
  keyboard: ['Keyboard', 'Klavye', 'Клавиатура', 'Клавіатура', 'لوحة مفاتيح', 'Tastatur', 'Teclado', 'Tastatură', 'Tastierë', 'Clavier', 'კლავიატურა'],
  cell_phone: ['Phone', 'Telefon', 'Телефон', 'Телефон', 'هاتف', 'Handy', 'Teléfono', 'Telefon', 'Telefon', 'Téléphone', 'ტელეფონი'],
  microwave: ['Microwave', 'Mikrodalga', 'Микроволновка', 'Мікрохвильовка', 'ميكروويف', 'Mikrowelle', 'Microondas', 'Cuptor cu microunde', 'Mikrovalë', 'Micro-ondes', 'მიკროტალღური ღუმელი'],
  oven: ['Oven', 'Fırın', 'Духовка', 'Духовка', 'فرن', 'Backofen', 'Horno', 'Cuptor', 'Furrë', 'Four', 'ღუმელი'],
  toaster: ['Toaster', 'Ekmek kızartma makinesi', 'Тостер', 'Тостер', 'محمصة خبز', 'Toaster', 'Tostadora', 'Prăjitor de pâine', 'Toster', 'Grille-pain', 'ტოსტერი'],
  sink: ['Sink', 'Lavabo', 'Раковина', 'Раковина', 'حوض', 'Waschbecken', 'Fregadero', 'Chiuvetă', 'Lavaman', 'Évier', 'ნიჟარა'],
  refrigerator: ['Refrigerator', 'Buzdolabı', 'Холодильник', 'Холодильник', 'ثلاجة', 'Kühlschrank', 'Frigorífico', 'Frigider', 'Frigorifer', 'Réfrigérateur', 'მაცივარი'],
  book: ['Book', 'Kitap', 'Книга', 'Книга', 'كتاب', 'Buch', 'Libro', 'Carte', 'Libër', 'Livre', 'წიგნი'],
  clock: ['Clock', 'Saat', 'Часы', 'Годинник', 'ساعة', 'Uhr', 'Reloj', 'Ceas', 'Orë', 'Horloge', 'საათი'],
  vase: ['Vase', 'Vazo', 'Ваза', 'Ваза', 'مزهرية', 'Vase', 'Jarrón', 'Vază', 'Vazo', 'Vase', 'ვაზა'],
  scissors: ['Scissors', 'Makas', 'Ножницы', 'Ножиці', 'مقص', 'Schere', 'Tijeras', 'Foarfece', 'Gërshërë', 'Ciseaux', 'მაკრატელი'],
  teddy_bear: ['Teddy bear', 'Oyuncak ayı', 'Плюшевый мишка', 'Плюшевий ведмедик', 'دب محشو', 'Teddybär', 'Osito de peluche', 'Ursuleț de pluș', 'Arush pelushi', 'Ours en peluche', 'სათამაშო დათვი'],
  hair_drier: ['Hair dryer', 'Saç kurutma makinesi', 'Фен', 'Фен', 'مجفف شعر', 'Föhn', 'Secador de pelo', 'Uscător de păr', 'Tharëse flokësh', 'Sèche-cheveux', 'ფენი'],
  toothbrush: ['Toothbrush', 'Diş fırçası', 'Зубная щётка', 'Зубна щітка', 'فرشاة أسنان', 'Zahnbürste', 'Cepillo de dientes', 'Periuță de dinți', 'Furçë dhëmbësh', 'Brosse à dents', 'კბილის ჯაგრისი'],
};

/** Every class key the things module keeps, with its name in each language: `THING_CLASSES.dog.tr === 'Köpek'`. */
export const THING_CLASSES: Readonly<Record<string, Names>> = Object.fromEntries(
  Object.entries(TABLE).map(([tag, names]) => [tag, Object.fromEntries(THING_LANGUAGES.map((l, i) => [l, names[i]!])) as Names]),
);

export const isThingClass = (label: string): boolean => Object.hasOwn(THING_CLASSES, label);

/** Every name a class is found by, in any language. */
export const thingNames = (tag: string): string[] => [...new Set(Object.values(THING_CLASSES[tag] ?? {}))];
