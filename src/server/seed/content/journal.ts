/**
 * Seed: issues of the journal «Метеорологія. Гідрологія. Моніторинг довкілля». Volume numbering, issue
 * layout and all articles and authors are invented for the seed (two issues a year).
 */
import { pdf, type SeedDocument } from '../types';

const UHMI = 'Український гідрометеорологічний інститут ДСНС України та НАН України';
const KNU = 'Київський національний університет імені Тараса Шевченка';
const JOURNAL = '«Метеорологія. Гідрологія. Моніторинг довкілля»';

export const journalSeed: SeedDocument<'journal'>[] = [
  {
    id: 'jr-2024-1',
    data: {
      title: 'Том 4, випуск 1 (2024)',
      slug: 'tom-4-vypusk-1-2024',
      status: 'published',
      publishedAt: null,
      summary:
        'Гомогенізовані ряди температури, безморозний період, максимальний стік на Прип’яті, донні відклади Київського водосховища, вітрові хвилі в Одеській затоці.',
      year: 2024,
      volume: 4,
      number: 1,
      body: `<p>Випуск 1 тому 4 журналу ${JOURNAL} вийшов у червні 2024 року. До нього увійшли п’ять статей. Усі статті пройшли незалежне анонімне рецензування.</p>
<p>Повні тексти статей доступні на сайті журналу <a href="https://journal.uhmi.org.ua">journal.uhmi.org.ua</a>. Повний PDF-файл випуску можна завантажити на цій сторінці.</p>`,
      cover: null,
      pdf: pdf('mhmd-2024-t4-n1.pdf', { subtitle: 'Науковий журнал. Том 4, випуск 1, 2024' }),
      toc: [
        {
          title: 'Гомогенізовані ряди середньомісячної температури повітря в Україні: оновлення до 2020 року',
          authors: [
            { name: 'Гордієнко М. О.', affiliation: UHMI },
            { name: 'Дячук О. С.', affiliation: UHMI },
          ],
          pages: '5–18',
          doi: '',
        },
        {
          title: 'Зміни тривалості безморозного періоду в Україні',
          authors: [{ name: 'Тимошенко І. В.', affiliation: UHMI }],
          pages: '19–30',
          doi: '',
        },
        {
          title: 'Оцінювання максимального стоку весняного водопілля на річках басейну Прип’яті',
          authors: [
            { name: 'Ткачук Н. В.', affiliation: UHMI },
            { name: 'Білоус С. А.', affiliation: UHMI },
          ],
          pages: '31–44',
          doi: '',
        },
        {
          title: 'Вміст важких металів у донних відкладах Київського водосховища',
          authors: [
            { name: 'Гаврилюк Ю. С.', affiliation: UHMI },
            { name: 'Кравець О. М.', affiliation: KNU },
          ],
          pages: '45–56',
          doi: '',
        },
        {
          title: 'Вітрові хвилі в Одеській затоці: режимні характеристики',
          authors: [
            { name: 'Степаненко Г. Є.', affiliation: UHMI },
            { name: 'Ковальчук І. Д.', affiliation: UHMI },
          ],
          pages: '57–69',
          doi: '',
        },
      ],
    },
  },
  {
    id: 'jr-2024-2',
    data: {
      title: 'Том 4, випуск 2 (2024)',
      slug: 'tom-4-vypusk-2-2024',
      status: 'published',
      publishedAt: null,
      summary:
        'Кліматичні проєкції температури для областей України, агрокліматичні умови вирощування кукурудзи, льодові явища на водосховищах, порівняння опадомірів.',
      year: 2024,
      volume: 4,
      number: 2,
      body: `<p>Випуск 2 тому 4 журналу ${JOURNAL} вийшов у грудні 2024 року. До нього увійшли чотири статті. Усі статті пройшли незалежне анонімне рецензування.</p>
<p>Повні тексти статей доступні на сайті журналу <a href="https://journal.uhmi.org.ua">journal.uhmi.org.ua</a>.</p>`,
      cover: null,
      pdf: null,
      toc: [
        {
          title: 'Кліматичні проєкції температури повітря для областей України за ансамблем Euro-CORDEX',
          authors: [
            { name: 'Левченко А. М.', affiliation: UHMI },
            { name: 'Гордієнко М. О.', affiliation: UHMI },
          ],
          pages: '5–20',
          doi: '',
        },
        {
          title: 'Агрокліматичні умови вирощування кукурудзи на зерно в Лісостепу',
          authors: [
            { name: 'Мороз В. Г.', affiliation: UHMI },
            { name: 'Назаренко О. І.', affiliation: UHMI },
          ],
          pages: '21–33',
          doi: '',
        },
        {
          title: 'Льодові явища на Київському водосховищі в теплі зими',
          authors: [{ name: 'Руденко М. О.', affiliation: UHMI }],
          pages: '34–42',
          doi: '',
        },
        {
          title: 'Порівняння результатів вимірювань опадів стандартним і автоматичним опадомірами',
          authors: [
            { name: 'Власенко Б. М.', affiliation: UHMI },
            { name: 'Харченко В. І.', affiliation: UHMI },
          ],
          pages: '43–54',
          doi: '',
        },
      ],
    },
  },
  {
    id: 'jr-2025-1',
    data: {
      title: 'Том 5, випуск 1 (2025)',
      slug: 'tom-5-vypusk-1-2025',
      status: 'published',
      publishedAt: null,
      summary:
        'Екстремальні добові опади, водний режим річок басейну Прип’яті, перезимівля озимих, контроль якості даних автоматичних метеостанцій, температура поверхні Чорного моря.',
      year: 2025,
      volume: 5,
      number: 1,
      body: `<p>Випуск 1 тому 5 журналу ${JOURNAL} вийшов у червні 2025 року. До нього увійшли п’ять статей. Усі статті пройшли незалежне анонімне рецензування.</p>
<p>Повні тексти статей доступні на сайті журналу <a href="https://journal.uhmi.org.ua">journal.uhmi.org.ua</a>.</p>`,
      cover: null,
      pdf: null,
      toc: [
        {
          title: 'Зміни екстремальних добових опадів в Україні у 1961–2020 роках',
          authors: [
            { name: 'Тимошенко І. В.', affiliation: UHMI },
            { name: 'Левченко А. М.', affiliation: UHMI },
          ],
          pages: '5–19',
          doi: '',
        },
        {
          title: 'Водний режим річок басейну Прип’яті в умовах потепління',
          authors: [
            { name: 'Білоус С. А.', affiliation: UHMI },
            { name: 'Руденко М. О.', affiliation: UHMI },
          ],
          pages: '20–34',
          doi: '',
        },
        {
          title: 'Агрометеорологічні умови перезимівлі озимих культур у 2010–2024 роках',
          authors: [
            { name: 'Назаренко О. І.', affiliation: UHMI },
            { name: 'Савчук Л. П.', affiliation: UHMI },
          ],
          pages: '35–47',
          doi: '',
        },
        {
          title: 'Контроль якості даних автоматичних метеостанцій: підходи та досвід',
          authors: [
            { name: 'Власенко Б. М.', affiliation: UHMI },
            { name: 'Сорока О. П.', affiliation: UHMI },
          ],
          pages: '48–59',
          doi: '',
        },
        {
          title: 'Сучасні тенденції температури поверхні Чорного моря за супутниковими даними',
          authors: [
            { name: 'Ярошенко В. І.', affiliation: UHMI },
            { name: 'Ковальчук І. Д.', affiliation: UHMI },
          ],
          pages: '60–71',
          doi: '',
        },
      ],
    },
  },
  {
    id: 'jr-2025-2',
    data: {
      title: 'Том 5, випуск 2 (2025)',
      slug: 'tom-5-vypusk-2-2025',
      status: 'published',
      publishedAt: null,
      summary:
        'Біогенні речовини в малих річках, кисневий режим водосховищ, відбір проб поверхневих вод, вітрове хвилювання в Чорному морі, огляд методів інтерполяції.',
      year: 2025,
      volume: 5,
      number: 2,
      body: `<p>Випуск 2 тому 5 журналу ${JOURNAL} вийшов у грудні 2025 року. До нього увійшли п’ять статей. Усі статті пройшли незалежне анонімне рецензування.</p>
<p>Повні тексти статей доступні на сайті журналу <a href="https://journal.uhmi.org.ua">journal.uhmi.org.ua</a>. Повний PDF-файл випуску можна завантажити на цій сторінці.</p>`,
      cover: null,
      pdf: pdf('mhmd-2025-t5-n2.pdf', { subtitle: 'Науковий журнал. Том 5, випуск 2, 2025' }),
      toc: [
        {
          title: 'Біогенні речовини в малих річках: сезонна динаміка та чинники формування',
          authors: [
            { name: 'Гаврилюк Ю. С.', affiliation: UHMI },
            { name: 'Литвин Р. П.', affiliation: UHMI },
          ],
          pages: '5–17',
          doi: '',
        },
        {
          title: 'Кисневий режим дніпровських водосховищ у літню межень',
          authors: [
            { name: 'Литвин Р. П.', affiliation: UHMI },
            { name: 'Марченко Т. М.', affiliation: UHMI },
          ],
          pages: '18–30',
          doi: '',
        },
        {
          title: 'Методичні аспекти відбору проб поверхневих вод для визначення біогенних речовин',
          authors: [
            { name: 'Кузьменко А. В.', affiliation: UHMI },
            { name: 'Марченко Т. М.', affiliation: UHMI },
          ],
          pages: '31–39',
          doi: '',
        },
        {
          title: 'Вітрове хвилювання в північно-західній частині Чорного моря за даними ретроспективного моделювання',
          authors: [
            { name: 'Степаненко Г. Є.', affiliation: UHMI },
            { name: 'Ковальчук І. Д.', affiliation: UHMI },
          ],
          pages: '40–55',
          doi: '',
        },
        {
          title: 'Методи просторової інтерполяції кліматичних даних: огляд',
          authors: [
            { name: 'Дячук О. С.', affiliation: UHMI },
            { name: 'Остапенко К. А.', affiliation: UHMI },
          ],
          pages: '56–73',
          doi: '',
        },
      ],
    },
  },
  {
    id: 'jr-2026-1',
    data: {
      title: 'Том 6, випуск 1 (2026)',
      slug: 'tom-6-vypusk-1-2026',
      status: 'published',
      publishedAt: null,
      summary:
        'Огляд посух 2024–2025 років, паводки в Українських Карпатах, калібрування гідрологічної моделі для Десни, хвилі тепла в Києві.',
      year: 2026,
      volume: 6,
      number: 1,
      body: `<p>Випуск 1 тому 6 журналу ${JOURNAL} вийшов у липні 2026 року. До нього увійшли чотири статті. Усі статті пройшли незалежне анонімне рецензування.</p>
<p>Повні тексти статей доступні на сайті журналу <a href="https://journal.uhmi.org.ua">journal.uhmi.org.ua</a>. Повний PDF-файл випуску можна завантажити на цій сторінці.</p>`,
      cover: null,
      pdf: pdf('mhmd-2026-t6-n1.pdf', { subtitle: 'Науковий журнал. Том 6, випуск 1, 2026' }),
      toc: [
        {
          title: 'Посухи 2024–2025 років в Україні: огляд гідрометеорологічних умов',
          authors: [
            { name: 'Мороз В. Г.', affiliation: UHMI },
            { name: 'Білоус С. А.', affiliation: UHMI },
            { name: 'Гордієнко М. О.', affiliation: UHMI },
          ],
          pages: '5–22',
          doi: '',
        },
        {
          title: 'Паводки на річках Українських Карпат у 1961–2025 роках',
          authors: [
            { name: 'Ткачук Н. В.', affiliation: UHMI },
            { name: 'Руденко М. О.', affiliation: UHMI },
          ],
          pages: '23–37',
          doi: '',
        },
        {
          title: 'Калібрування гідрологічної моделі для басейну Десни',
          authors: [
            { name: 'Поліщук А. В.', affiliation: UHMI },
            { name: 'Остапенко К. А.', affiliation: UHMI },
            { name: 'Зінченко П. В.', affiliation: UHMI },
          ],
          pages: '38–50',
          doi: '',
        },
        {
          title: 'Хвилі тепла в Києві: сучасні тенденції',
          authors: [
            { name: 'Мельник С. А.', affiliation: KNU },
            { name: 'Тимошенко І. В.', affiliation: UHMI },
          ],
          pages: '51–61',
          doi: '',
        },
      ],
    },
  },
  {
    id: 'jr-2026-2',
    data: {
      title: 'Том 6, випуск 2 (2026)',
      slug: 'tom-6-vypusk-2-2026',
      status: 'published',
      publishedAt: null,
      summary:
        'Станційний набір ClimUAsd-stn.v2, верифікація моделі продуктивності озимої пшениці, нижній Дніпро після спуску Каховського водосховища, сніговий покрив, рецензія.',
      year: 2026,
      volume: 6,
      number: 2,
      body: `<p>Випуск 2 тому 6 журналу ${JOURNAL} вийшов у листопаді 2026 року. До нього увійшли п’ять статей і рецензія на монографію. Усі статті пройшли незалежне анонімне рецензування.</p>
<p>Повні тексти статей доступні на сайті журналу <a href="https://journal.uhmi.org.ua">journal.uhmi.org.ua</a>.</p>`,
      cover: null,
      pdf: null,
      toc: [
        {
          title: 'Станційні добові ряди ClimUAsd-stn.v2: структура набору та контроль якості',
          authors: [
            { name: 'Дячук О. С.', affiliation: UHMI },
            { name: 'Гордієнко М. О.', affiliation: UHMI },
          ],
          pages: '5–16',
          doi: '',
        },
        {
          title: 'Динамічна модель продуктивності озимої пшениці: верифікація за даними 2015–2025 років',
          authors: [
            { name: 'Савчук Л. П.', affiliation: UHMI },
            { name: 'Кравчук Д. Ю.', affiliation: UHMI },
          ],
          pages: '17–30',
          doi: '',
        },
        {
          title: 'Гідрохімічний режим нижнього Дніпра після спуску Каховського водосховища',
          authors: [
            { name: 'Марченко Т. М.', affiliation: UHMI },
            { name: 'Гаврилюк Ю. С.', affiliation: UHMI },
          ],
          pages: '31–45',
          doi: '',
        },
        {
          title: 'Льодовий режим річок за даними радарної зйомки Sentinel-1',
          authors: [
            { name: 'Руденко М. О.', affiliation: UHMI },
            { name: 'Ярошенко В. І.', affiliation: UHMI },
          ],
          pages: '46–57',
          doi: '',
        },
        {
          title: 'Зміни висоти снігового покриву в Україні в 1961–2025 роках',
          authors: [
            { name: 'Харченко В. І.', affiliation: UHMI },
            { name: 'Власенко Б. М.', affiliation: UHMI },
          ],
          pages: '58–68',
          doi: '',
        },
        {
          title: 'Рецензія на монографію «Кліматичні ряди України: відновлення, контроль якості та гомогенізація»',
          authors: [{ name: 'Панченко Л. М.', affiliation: KNU }],
          pages: '69–71',
          doi: '',
        },
      ],
    },
  },
];
