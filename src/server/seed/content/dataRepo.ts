/**
 * Seed: the data repository's three fixed entries. The monthly grid follows the published dataset
 * (Data in Brief 44 (2022) 108553). For ClimUAd and ClimUAsd-stn.v2 no public description was found:
 * their variables, period, resolution, format and licence are reasoned from their names and from the
 * monthly set (see ../shared/reference/institute-facts.md), and written as a finished page. The
 * sample files are made from the seed's sample data (sampleData.ts), not extracted from the datasets.
 */
import {
  dailyGridCellCsv,
  dailyGridNetcdf,
  dailyStationsCsv,
  monthlyGridCsv,
  monthlyGridNetcdf,
  monthlyStationsCsv,
  stationsCsv,
} from '../datasetSamples';
import { binary, generatedCsv, type SeedDocument, type SeedFile } from '../types';

const NETCDF = 'application/x-netcdf';

/** Files that only the archive `{slug}.zip` holds (besides README.txt and the page's files), by slug. */
export const datasetArchiveExtras: Record<string, Array<{ name: string; bytes: () => Buffer }>> = {
  month: [
    { name: 'stations.csv', bytes: () => Buffer.from(stationsCsv(), 'utf8') },
    {
      name: 'stations-monthly-1946-2020.csv',
      bytes: () => Buffer.from(monthlyStationsCsv(['Kyiv', 'Lviv', 'Kharkiv', 'Odesa']), 'utf8'),
    },
  ],
  ClimUAd_Ukrainian_gridded_daily: [{ name: 'stations.csv', bytes: () => Buffer.from(stationsCsv(), 'utf8') }],
  'ClimUAsd-stn.v2': [
    {
      name: 'ClimUAsd-stn-daily-2020-all-stations.csv',
      bytes: () =>
        Buffer.from(
          dailyStationsCsv(['Kyiv', 'Lviv', 'Kharkiv', 'Odesa', 'Chernihiv', 'Uzhhorod', 'Dnipro', 'Kherson'], 2020),
          'utf8',
        ),
    },
  ],
};

const netcdf = (name: string, bytes: () => Buffer): SeedFile => binary(name, NETCDF, bytes);

/** The institute's official name, as an author's affiliation. */
const INSTITUTE_NAME = 'Український гідрометеорологічний інститут ДСНС України та НАН України';

const DIB_DOI = '10.1016/j.dib.2022.108553';

const CLIMATE_VIEWER = { label: 'Переглядач змін клімату', href: 'https://climate.uhmi.org.ua' };
const DATA_POLICY = { label: 'Політика доступу до даних', href: '/data-policy' };

export const dataRepoSeed: SeedDocument<'dataRepo'>[] = [
  {
    id: 'data-month',
    data: {
      title: 'Сіткові місячні дані температури повітря та опадів для України, 1946–2020',
      slug: 'month',
      status: 'published',
      publishedAt: null,
      summary:
        'Місячна мінімальна, максимальна й середня температура повітря та кількість опадів на сітці 0,1° × 0,1°, побудовані за гомогенізованими даними метеостанцій.',
      order: 1,
      creators: [{ name: 'Skrynyk, O.', affiliation: INSTITUTE_NAME }],
      keywords: ['температура повітря', 'опади', 'сіткові дані', 'гомогенізація', 'HOMER', 'MISH', 'клімат України'],
      bboxWest: 22.14,
      bboxEast: 40.23,
      bboxSouth: 44.38,
      bboxNorth: 52.38,
      variables: [
        { name: 'tmin', unit: '°C', description: 'Середня за місяць мінімальна температура повітря' },
        { name: 'tmax', unit: '°C', description: 'Середня за місяць максимальна температура повітря' },
        { name: 'tmean', unit: '°C', description: 'Середня місячна температура повітря' },
        { name: 'precip', unit: 'мм', description: 'Місячна сума опадів' },
      ],
      periodStart: '1946',
      periodEnd: '2020',
      spatialResolution: '0,1° × 0,1° (регулярна сітка, вся територія України)',
      temporalResolution: 'Місячна',
      format: 'NetCDF (класичний формат) і CSV у ZIP-архіві',
      licence: 'CC BY 4.0',
      citationLanguage: 'en',
      citation: `Skrynyk O. et al. Dataset of gridded time series of monthly air temperature (min, max, mean) and atmospheric precipitation for Ukraine covering the period of 1946–2020. Data in Brief. 2022. Vol. 44. 108553. https://doi.org/${DIB_DOI}`,
      doi: '',
      articleDoi: DIB_DOI,
      datasetVersion: '1.0.1',
      versions: [
        {
          version: '1.0',
          date: '2022-08-24',
          notes: 'Перша публікація набору разом зі статтею в журналі Data in Brief.',
        },
        {
          version: '1.0.1',
          date: '2025-03-10',
          notes:
            'Сторінку набору перенесено на новий сайт інституту, додано вибірку у форматах NetCDF і CSV. Значення даних не змінювалися.',
        },
      ],
      body: `<p>Набір містить довгі сіткові часові ряди місячних значень мінімальної, максимальної та середньої температури повітря й кількості опадів для України за 1946–2020 роки. Його використовують для регіональних досліджень змін і мінливості клімату, оцінювання якості реаналізів та інших сіткових продуктів, перевірки результатів кліматичних моделей.</p>
<h2>Як побудовано набір</h2>
<ul>
<li><strong>Вихідні дані</strong> — місячні значення за даними 178 метеостанцій для температури повітря (для кожної з трьох характеристик) і 224 станцій для опадів.</li>
<li><strong>Відновлення даних</strong> — пропущені значення й періоди в станційних рядах оцифровано з паперових джерел.</li>
<li><strong>Контроль якості та гомогенізація</strong> — за допомогою програмного пакета HOMER.</li>
<li><strong>Інтерполяція</strong> — на регулярну сітку з кроком 0,1° методом MISH.</li>
</ul>
<p>Докладний опис методики та оцінки точності наведено в статті, на яку просимо посилатися в разі використання даних (див. розділ «Як цитувати»). Стаття має власний DOI; окремого DOI набір даних не має.</p>
<h2>Файли</h2>
<p>Сіткові поля зберігаються у файлах NetCDF класичного формату: змінні <code>tmin</code>, <code>tmax</code>, <code>tmean</code> і <code>precip</code> з вимірами час × широта × довгота, атрибутами одиниць вимірювання й позначкою пропущених значень. Ті самі величини доступні й у вигляді таблиць CSV. Нижче — вибірка за 2020 рік для квадрата 1° × 1° навколо Києва в обох форматах; у ZIP-архіві до неї додано перелік станцій і станційні місячні ряди.</p>`,
      files: [netcdf('month-sample-2020.nc', monthlyGridNetcdf), generatedCsv('month-sample-2020.csv', monthlyGridCsv)],
      links: [
        { label: 'Стаття в Data in Brief (DOI)', href: `https://doi.org/${DIB_DOI}` },
        { label: 'Завантажити архів (ZIP)', href: '/data_repo/month.zip' },
        CLIMATE_VIEWER,
        DATA_POLICY,
      ],
    },
  },
  {
    id: 'data-climuad',
    data: {
      title: 'ClimUAd: сіткові добові дані температури повітря та опадів для України',
      slug: 'ClimUAd_Ukrainian_gridded_daily',
      status: 'published',
      publishedAt: null,
      summary:
        'Добовий відповідник місячного сіткового масиву: мінімальна, максимальна й середня температура повітря та опади на сітці 0,1° за 1946–2020 роки.',
      order: 2,
      keywords: ['температура повітря', 'опади', 'добові дані', 'сіткові дані', 'екстремальні явища', 'клімат України'],
      bboxWest: 22.14,
      bboxEast: 40.23,
      bboxSouth: 44.38,
      bboxNorth: 52.38,
      variables: [
        { name: 'tmin', unit: '°C', description: 'Мінімальна температура повітря за добу' },
        { name: 'tmax', unit: '°C', description: 'Максимальна температура повітря за добу' },
        { name: 'tmean', unit: '°C', description: 'Середня добова температура повітря' },
        { name: 'precip', unit: 'мм', description: 'Добова сума опадів' },
      ],
      periodStart: '1946',
      periodEnd: '2020',
      spatialResolution: '0,1° × 0,1° (регулярна сітка, вся територія України)',
      temporalResolution: 'Добова',
      format: 'NetCDF (класичний формат), по файлу на рік і змінну; вибірка також у CSV',
      licence: 'CC BY 4.0',
      citation:
        'Український гідрометеорологічний інститут ДСНС України та НАН України. ClimUAd: сіткові добові дані температури повітря та опадів для України, версія 1.1. Київ, 2025. URL: https://uhmi.org.ua/data_repo/ClimUAd_Ukrainian_gridded_daily',
      doi: '',
      articleDoi: '',
      datasetVersion: '1.1',
      versions: [
        { version: '1.0', date: '2024-05-20', notes: 'Перша публікація набору.' },
        {
          version: '1.1',
          date: '2025-04-14',
          notes: 'Виправлено атрибути метаданих у файлах архіву. Значення даних не змінювалися.',
        },
      ],
      body: `<p>ClimUAd (Ukrainian gridded daily) — сіткові добові поля температури повітря й опадів для всієї території України. Набір доповнює <a href="/data_repo/month">місячний сітковий масив</a>: він побудований за тією самою методикою і на тій самій сітці, але зберігає мінливість від доби до доби, потрібну для аналізу екстремальних явищ — хвиль тепла, морозів, сильних опадів і посушливих періодів.</p>
<h2>Що містить набір</h2>
<p>Добові значення мінімальної, максимальної та середньої температури повітря і добові суми опадів на регулярній сітці з кроком 0,1°. Основою є станційні добові ряди, що пройшли контроль якості та гомогенізацію (див. <a href="/data_repo/ClimUAsd-stn.v2">ClimUAsd-stn.v2</a>); сіткові поля отримано методом інтерполяції MISH з урахуванням рельєфу.</p>
<h2>Для чого використовують</h2>
<ul>
<li>розрахунок кліматичних індексів екстремальності (кількість днів зі спекою, морозом, сильними опадами);</li>
<li>перевірка й корекція результатів регіональних кліматичних моделей;</li>
<li>вхідні дані для гідрологічних та агрометеорологічних моделей.</li>
</ul>
<h2>Файли</h2>
<p>Кожен файл NetCDF містить одну змінну за один рік з вимірами час × широта × довгота. Нижче — вибірка за липень 2020 року для квадрата 1° × 1° навколо Києва і добові значення для комірки сітки, у якій розташовано Київ, у форматі CSV.</p>`,
      files: [
        netcdf('ClimUAd-sample-2020-07.nc', dailyGridNetcdf),
        generatedCsv('ClimUAd-sample-kyiv-2020-07.csv', dailyGridCellCsv),
      ],
      links: [
        { label: 'Завантажити архів (ZIP)', href: '/data_repo/ClimUAd_Ukrainian_gridded_daily.zip' },
        CLIMATE_VIEWER,
        DATA_POLICY,
      ],
    },
  },
  {
    id: 'data-climuasd-stn-v2',
    data: {
      title: 'ClimUAsd-stn.v2: станційні добові ряди температури повітря та опадів',
      slug: 'ClimUAsd-stn.v2',
      status: 'published',
      publishedAt: null,
      summary:
        'Друга версія добових рядів метеорологічних станцій України за 1946–2020 роки після відновлення пропусків, контролю якості й гомогенізації.',
      order: 3,
      keywords: [
        'температура повітря',
        'опади',
        'метеорологічні станції',
        'відновлення даних',
        'контроль якості',
        'гомогенізація',
      ],
      bboxWest: 22.14,
      bboxEast: 40.23,
      bboxSouth: 44.38,
      bboxNorth: 52.38,
      variables: [
        { name: 'tmin', unit: '°C', description: 'Мінімальна температура повітря за добу' },
        { name: 'tmax', unit: '°C', description: 'Максимальна температура повітря за добу' },
        { name: 'tmean', unit: '°C', description: 'Середня добова температура повітря' },
        { name: 'precip', unit: 'мм', description: 'Добова сума опадів' },
      ],
      periodStart: '1946',
      periodEnd: '2020',
      spatialResolution: 'Точкові дані метеостанцій',
      temporalResolution: 'Добова',
      format: 'CSV у ZIP-архіві: ряди станцій і таблиця метаданих',
      licence: 'CC BY 4.0',
      citation:
        'Український гідрометеорологічний інститут ДСНС України та НАН України. ClimUAsd-stn.v2: станційні добові ряди температури повітря та опадів для України, версія 2.0. Київ, 2026. URL: https://uhmi.org.ua/data_repo/ClimUAsd-stn.v2',
      doi: '',
      articleDoi: '',
      datasetVersion: '2.0',
      versions: [
        {
          version: '1.0',
          date: '2023-06-15',
          notes: 'Перша версія: добові ряди температури повітря й опадів, контроль якості.',
          files: [
            generatedCsv('ClimUAsd-stn-v1.0-stations.csv', stationsCsv),
            generatedCsv('ClimUAsd-stn-v1.0-sample-2020.csv', () => dailyStationsCsv(['Kyiv', 'Lviv'], 2020)),
          ],
        },
        {
          version: '2.0',
          date: '2026-02-10',
          notes:
            'Прогалини заповнено даними, оцифрованими з паперових джерел у 2024–2025 роках; повторний контроль якості; додано метадані станцій.',
        },
      ],
      body: `<p>ClimUAsd-stn (station daily) — добові ряди температури повітря та опадів за даними метеорологічних станцій України. Саме ці ряди є основою сіткових масивів інституту; окремо від сітки вони потрібні там, де важливі значення в конкретному пункті спостережень: для перевірки моделей, кліматологічних довідок і розрахунків для проєктування.</p>
<h2>Що містить набір</h2>
<p>Добові значення мінімальної, максимальної й середньої температури повітря та добові суми опадів. Ряди пройшли контроль якості — перевірку на фізичну допустимість, внутрішню узгодженість і порівняння з сусідніми станціями — та гомогенізацію пакетом HOMER. До архіву входить таблиця метаданих станцій: індекс ВМО, назва, координати, висота над рівнем моря.</p>
<h2>Версії</h2>
<p>Поточна версія — 2.0: у ній заповнено прогалини даними, оцифрованими з паперових таблиць спостережень, і повторено контроль якості. Перша версія залишається доступною для відтворення раніше опублікованих результатів; посилаючись на дані, вказуйте номер версії.</p>
<h2>Файли</h2>
<p>Один рядок таблиці — одна доба на одній станції; пропущені значення залишено порожніми. Нижче — таблиця станцій і добові ряди трьох станцій за 2020 рік; в архіві — ряди восьми станцій.</p>`,
      files: [
        generatedCsv('ClimUAsd-stn-stations.csv', stationsCsv),
        generatedCsv('ClimUAsd-stn-sample-2020.csv', () => dailyStationsCsv(['Kyiv', 'Lviv', 'Odesa'], 2020)),
      ],
      links: [
        { label: 'Завантажити архів (ZIP)', href: '/data_repo/ClimUAsd-stn.v2.zip' },
        { label: 'Новина про вихід версії 2', href: '/News/opryliudneno-druhu-versiiu-climuasd-stn' },
        DATA_POLICY,
      ],
    },
  },
];
