/**
 * Seed: publications. The first five are real publications (facts file); the others, with their
 * authors, are invented. The atlas year and the journal entry's year are assumptions.
 */
import { pdf, type SeedDocument } from '../types';

const DIB_DOI = '10.1016/j.dib.2022.108553';

export const publicationsSeed: SeedDocument<'publications'>[] = [
  {
    id: 'pub-nastanova-2011',
    data: {
      title:
        'Настанова гідрометеорологічним станціям і постам. Випуск 3. Частина 1. Метеорологічні спостереження на станціях',
      slug: 'nastanova-hidrometeorolohichnym-stantsiiam-i-postam',
      status: 'published',
      publishedAt: null,
      summary:
        'Основний методичний документ для виконання метеорологічних спостережень на станціях гідрометеорологічної мережі.',
      kind: 'guidance',
      authors: [],
      year: 2011,
      publisher: 'Київ: Ніка-Центр',
      pages: 280,
      isbn: '',
      doi: '',
      url: '',
      orderable: true,
      body: `<p>Настанова встановлює вимоги до виконання метеорологічних спостережень на гідрометеорологічних станціях: обладнання метеорологічного майданчика, встановлення приладів, строки й порядок спостережень, первинну обробку та контроль їх результатів.</p>
<p>Видання підготовлено спільно з Центральною геофізичною обсерваторією. Воно є частиною серії настанов для станцій і постів і використовується як робочий документ спостерігачів і техніків, а також у навчальному процесі.</p>`,
      cover: null,
      attachments: [pdf('nastanova-hidrometeorolohichnym-stantsiiam-i-postam.pdf', { subtitle: 'Опис видання' })],
    },
  },
  {
    id: 'pub-azov-2009',
    data: {
      title: 'Гідрометеорологічні умови морів України. Том 1. Азовське море',
      slug: 'hidrometeorolohichni-umovy-moriv-ukrainy-tom-1',
      status: 'published',
      publishedAt: null,
      summary:
        'Монографія про гідрометеорологічний режим Азовського моря: клімат, рівень, хвилювання, течії, термохалінні та льодові умови.',
      kind: 'monograph',
      authors: [],
      year: 2009,
      publisher: '',
      pages: 401,
      isbn: '',
      doi: '',
      url: '',
      orderable: false,
      body: `<p>Перший том монографії про гідрометеорологічні умови морів України присвячено Азовському морю. У ньому узагальнено багаторічні дані морських гідрометеорологічних спостережень.</p>
<ul>
<li>Кліматичні умови над акваторією та узбережжям.</li>
<li>Коливання рівня моря, зокрема згінно-нагінні.</li>
<li>Вітрове хвилювання і течії.</li>
<li>Температура, солоність води та льодовий режим.</li>
</ul>
<p>Видання призначене для фахівців з морської гідрометеорології, проєктувальників гідротехнічних споруд, працівників морського господарства.</p>`,
      cover: null,
      attachments: [pdf('hidrometeorolohichni-umovy-moriv-ukrainy-tom-1.pdf', { subtitle: 'Опис видання' })],
    },
  },
  {
    id: 'pub-atlas',
    data: {
      title: 'Фактичні та очікувані зміни клімату в Україні',
      slug: 'faktychni-ta-ochikuvani-zminy-klimatu',
      status: 'published',
      publishedAt: null,
      summary: 'Електронний атлас карт фактичних і очікуваних змін температури повітря та опадів на території України.',
      kind: 'atlas',
      authors: [],
      year: 2021,
      publisher: 'Український гідрометеорологічний інститут',
      pages: null,
      isbn: '',
      doi: '',
      url: '',
      orderable: false,
      body: `<p>Електронний атлас містить карти змін основних кліматичних показників в Україні — температури повітря та кількості опадів — за період інструментальних спостережень, а також очікуваних змін за сценаріями регіонального кліматичного моделювання.</p>
<p>Інтерактивні карти та графіки для окремих територій доступні також у <a href="https://climate.uhmi.org.ua">переглядачі змін клімату</a>.</p>`,
      cover: null,
      attachments: [pdf('faktychni-ta-ochikuvani-zminy-klimatu.pdf', { subtitle: 'Опис видання' })],
    },
  },
  {
    id: 'pub-pratsi-248',
    data: {
      title:
        'Наукові праці Українського науково-дослідного гідрометеорологічного інституту. Випуск 248. Гідрометеорологічні дослідження в Україні',
      slug: 'naukovi-pratsi-vypusk-248',
      status: 'published',
      publishedAt: null,
      summary: 'Випуск збірника наукових праць УкрНДГМІ — попередника сучасного журналу інституту.',
      kind: 'serial',
      authors: [],
      year: 2000,
      publisher: 'Київ',
      pages: null,
      isbn: '',
      doi: '',
      url: '',
      orderable: false,
      body: `<p>«Наукові праці Українського науково-дослідного гідрометеорологічного інституту» — збірник, у якому багато років публікувалися результати досліджень інституту з метеорології, кліматології, гідрології та агрометеорології. Інститут мав назву «Український науково-дослідний гідрометеорологічний інститут» (УкрНДГМІ) приблизно до 2012 року.</p>
<p>Випуск 248 має тематичну назву «Гідрометеорологічні дослідження в Україні». Сьогодні наукові статті інституту публікуються в журналі <a href="/journal">«Метеорологія. Гідрологія. Моніторинг довкілля»</a>.</p>`,
      cover: null,
      attachments: [pdf('naukovi-pratsi-vypusk-248.pdf', { subtitle: 'Опис видання' })],
    },
  },
  {
    id: 'pub-dib-2022',
    data: {
      title:
        'Dataset of gridded time series of monthly air temperature (min, max, mean) and atmospheric precipitation for Ukraine covering the period of 1946–2020',
      slug: 'dataset-of-gridded-time-series-for-ukraine',
      status: 'published',
      publishedAt: null,
      summary:
        'Стаття в журналі Data in Brief з описом сіткового масиву місячних значень температури повітря та опадів для України з кроком 0,1°.',
      kind: 'article',
      authors: ['Skrynyk O. та ін.'],
      year: 2022,
      publisher: 'Elsevier',
      pages: null,
      journalTitle: 'Data in Brief',
      journalVolume: '44',
      journalPages: '108553',
      isbn: '',
      doi: DIB_DOI,
      url: `https://doi.org/${DIB_DOI}`,
      orderable: false,
      language: 'en',
      body: `<p>У статті описано набір сіткових часових рядів місячної мінімальної, максимальної та середньої температури повітря й кількості опадів для України за 1946–2020 роки з кроком 0,1° × 0,1°.</p>
<p>Масив побудовано за даними 178 станцій для температури повітря та 224 станцій для опадів. Підготовка даних охопила відновлення пропущених значень з паперових джерел, контроль якості та гомогенізацію за допомогою програмного пакета HOMER; сіткові поля отримано методом інтерполяції MISH.</p>
<p>Сам набір даних доступний у <a href="/data_repo/month">репозитарії даних інституту</a>.</p>`,
      cover: null,
      attachments: [pdf('dataset-of-gridded-time-series-for-ukraine.pdf', { subtitle: 'Опис видання' })],
    },
  },
  {
    id: 'pub-dataset-month',
    data: {
      title: 'Сіткові місячні кліматичні дані для України, 1946–2020',
      slug: 'sitkovi-misiachni-klimatychni-dani',
      status: 'published',
      publishedAt: null,
      summary:
        'Набір даних: місячна температура повітря (мінімальна, максимальна, середня) та опади на сітці 0,1° × 0,1°.',
      kind: 'dataset',
      authors: ['Skrynyk O. та ін.'],
      year: 2022,
      publisher: 'Український гідрометеорологічний інститут',
      pages: null,
      isbn: '',
      doi: '',
      url: '/data_repo/month',
      orderable: false,
      body: `<p>Набір сіткових часових рядів місячних значень температури повітря й опадів для України, описаний у статті в журналі Data in Brief (2022, т. 44, 108553). Опис набору, умови використання та файли — на <a href="/data_repo/month">сторінці набору в репозитарії даних</a>.</p>`,
      cover: null,
      attachments: [pdf('sitkovi-misiachni-klimatychni-dani.pdf', { subtitle: 'Опис видання' })],
    },
  },
  {
    id: 'pub-journal',
    data: {
      title: 'Метеорологія. Гідрологія. Моніторинг довкілля',
      slug: 'meteorolohiia-hidrolohiia-monitorynh-dovkillia',
      status: 'published',
      publishedAt: null,
      summary:
        'Науковий журнал інституту: теоретична та прикладна метеорологія, дослідження клімату й водних об’єктів, моніторинг вод і повітря.',
      kind: 'journal',
      authors: [],
      year: 2026,
      publisher: 'Український гідрометеорологічний інститут',
      pages: null,
      isbn: '',
      doi: '',
      url: 'https://journal.uhmi.org.ua',
      orderable: false,
      body: `<p>Журнал публікує оригінальні статті з теоретичної та прикладної метеорології, досліджень клімату та гідрологічних досліджень, моніторингу стану вод і атмосферного повітря, а також короткі повідомлення, матеріали конференцій і рецензії.</p>
<ul>
<li>Мови публікацій: українська та англійська.</li>
<li>Усі рукописи проходять незалежне анонімне рецензування.</li>
<li>Публікація безкоштовна для авторів.</li>
<li>Обсяг: оригінальна стаття — до 15 сторінок, огляд — до 20, коротке повідомлення — до 5.</li>
</ul>
<p>Випуски журналу — у розділі <a href="/journal">«Журнал»</a>, правила для авторів — на сайті <a href="https://journal.uhmi.org.ua">journal.uhmi.org.ua</a>.</p>`,
      cover: null,
      attachments: [pdf('meteorolohiia-hidrolohiia-monitorynh-dovkillia.pdf', { subtitle: 'Опис видання' })],
    },
  },
  {
    id: 'pub-agroclimate-2024',
    data: {
      title: 'Агрокліматичні ресурси України в умовах змін клімату',
      slug: 'ahroklimatychni-resursy-ukrainy',
      status: 'published',
      publishedAt: null,
      summary:
        'Монографія про теплові й вологісні ресурси вегетаційного періоду в Україні, їх зміни та очікувані тенденції до середини століття.',
      kind: 'monograph',
      authors: ['Савчук Л. П.', 'Мороз В. Г.', 'Назаренко О. І.'],
      year: 2024,
      publisher: 'Київ: УкрГМІ',
      pages: 312,
      isbn: '',
      doi: '',
      url: '',
      orderable: true,
      body: `<p>У монографії проаналізовано зміни агрокліматичних ресурсів України за 1961–2020 роки: тривалість вегетаційного періоду, суми активних і ефективних температур, умови зволоження та перезимівлі. На основі кліматичних проєкцій оцінено очікувані зміни до 2050 року.</p>
<p>Окремі розділи присвячено зсуву агрокліматичних зон, умовам вирощування основних культур і можливостям адаптації сільського господарства до змін клімату. Видання адресоване науковцям, агрономам, викладачам і студентам.</p>`,
      cover: null,
      attachments: [pdf('ahroklimatychni-resursy-zmist.pdf', { subtitle: 'Анотація, зміст і вступ' })],
    },
  },
  {
    id: 'pub-climate-series-2025',
    data: {
      title: 'Кліматичні ряди України: відновлення, контроль якості та гомогенізація',
      slug: 'klimatychni-riady-ukrainy',
      status: 'published',
      publishedAt: null,
      summary: 'Монографія про методи підготовки довгих рядів метеорологічних спостережень для досліджень клімату.',
      kind: 'monograph',
      authors: ['Гордієнко М. О.', 'Дячук О. С.', 'Левченко А. М.'],
      year: 2025,
      publisher: 'Київ: УкрГМІ',
      pages: 264,
      isbn: '',
      doi: '',
      url: '',
      orderable: true,
      body: `<p>Книга описує повний цикл підготовки кліматичних даних: пошук і оцифрування паперових джерел, контроль якості, виявлення та виправлення неоднорідностей, просторову інтерполяцію. Методи проілюстровано на прикладі рядів температури повітря й опадів українських метеостанцій.</p>
<p>Окремий розділ присвячено історії мережі метеорологічних спостережень в Україні та метаданим станцій. Видання буде корисним кліматологам, фахівцям гідрометеорологічних служб і аспірантам.</p>`,
      cover: null,
      attachments: [pdf('klimatychni-riady-ukrainy.pdf', { subtitle: 'Опис видання' })],
    },
  },
  {
    id: 'pub-black-sea-waves-2022',
    data: {
      title: 'Вітрове хвилювання в північно-західній частині Чорного моря',
      slug: 'vitrove-khvyliuvannia-v-pivnichno-zakhidnii-chastyni',
      status: 'published',
      publishedAt: null,
      summary: 'Режимні характеристики вітрового хвилювання за даними спостережень і ретроспективного моделювання.',
      kind: 'monograph',
      authors: ['Ковальчук І. Д.', 'Степаненко Г. Є.'],
      year: 2022,
      publisher: 'Київ: УкрГМІ',
      pages: 198,
      isbn: '',
      doi: '',
      url: '',
      orderable: true,
      body: `<p>У монографії наведено режимні характеристики вітрового хвилювання в північно-західній частині Чорного моря: повторюваність висот і періодів хвиль, екстремальні значення різної забезпеченості, сезонну та багаторічну мінливість.</p>
<p>Розрахунки виконано за даними прибережних гідрометеорологічних станцій і результатами ретроспективного моделювання хвилювання. Видання призначене для фахівців морського господарства та проєктувальників берегових споруд.</p>`,
      cover: null,
      attachments: [pdf('vitrove-khvyliuvannia-v-pivnichno-zakhidnii-chastyni.pdf', { subtitle: 'Опис видання' })],
    },
  },
  {
    id: 'pub-water-sampling-2023',
    data: {
      title: 'Методичні рекомендації з відбору проб поверхневих вод для гідрохімічного аналізу',
      slug: 'metodychni-rekomendatsii-z-vidboru-prob',
      status: 'published',
      publishedAt: null,
      summary: 'Практичні вимоги до відбору, консервування, зберігання й транспортування проб річкових і озерних вод.',
      kind: 'guidance',
      authors: ['Марченко Т. М.', 'Гаврилюк Ю. С.', 'Кузьменко А. В.'],
      year: 2023,
      publisher: 'Київ: УкрГМІ',
      pages: 64,
      isbn: '',
      doi: '',
      url: '',
      orderable: true,
      body: `<p>Рекомендації призначені для лабораторій, що виконують моніторинг поверхневих вод. У них описано вибір місць відбору проб, обладнання, порядок відбору з урахуванням гідрологічних умов, способи консервування та граничні строки зберігання проб для різних показників.</p>
<p>Окремий розділ присвячено документуванню відбору проб і внутрішньому контролю якості на етапі пробовідбору.</p>`,
      cover: null,
      attachments: [pdf('metodychni-rekomendatsii-z-vidboru-prob.pdf', { subtitle: 'Опис видання' })],
    },
  },
  {
    id: 'pub-conf-abstracts-2025',
    data: {
      title: 'Кліматичні зміни та гідрометеорологічна безпека України: тези доповідей конференції',
      slug: 'tezy-dopovidei-konferentsii-2025',
      status: 'published',
      publishedAt: null,
      summary: 'Збірник тез доповідей науково-практичної конференції, що відбулася 18–19 листопада 2025 року.',
      kind: 'serial',
      authors: [],
      year: 2025,
      publisher: 'Київ: УкрГМІ',
      pages: 96,
      isbn: '',
      doi: '',
      url: '/conf/klimatychni-zminy-ta-hidrometeorolohichna-bezpeka',
      orderable: false,
      body: `<p>До збірника увійшли тези доповідей секцій «Кліматичні дослідження», «Гідрологія та водні ресурси» та «Агрометеорологія». Тези окремих доповідей доступні також на <a href="/conf/klimatychni-zminy-ta-hidrometeorolohichna-bezpeka">сторінці конференції</a>.</p>`,
      cover: null,
      attachments: [
        pdf('tezy-konferentsii-2025.pdf', { subtitle: 'Збірник тез доповідей. Київ, 18–19 листопада 2025 року' }),
      ],
    },
  },
];
