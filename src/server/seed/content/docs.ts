/**
 * Seed: documents. Numbers, dates and contents are illustrative; each attached PDF is a one-page
 * sample marked as such.
 */
import { pdf, type SeedDocument } from '../types';

const SAMPLE = 'Demonstratsiinyi zrazok dokumenta dlia saitu (seed)';
const INSTITUTE = 'Ukrainskyi hidrometeorolohichnyi instytut DSNS Ukrainy ta NAN Ukrainy';

export const docsSeed: SeedDocument<'docs'>[] = [
  {
    id: 'doc-statute',
    data: {
      title: 'Статут Українського гідрометеорологічного інституту',
      slug: 'statut-ukrainskoho-hidrometeorolohichnoho-instytutu',
      status: 'published',
      publishedAt: null,
      summary: 'Установчий документ інституту: мета й предмет діяльності, органи управління, майно та фінансування.',
      kind: 'statute',
      number: '',
      date: '2024-05-14',
      body: `<p>Статут визначає правовий статус Українського гідрометеорологічного інституту ДСНС України та НАН України як наукової установи, мету й основні напрями його діяльності, порядок управління, формування майна та фінансування.</p>
<h2>Основні розділи</h2>
<ul>
<li>Загальні положення та найменування установи.</li>
<li>Мета, завдання та предмет діяльності.</li>
<li>Управління інститутом: директор, вчена рада, дирекція.</li>
<li>Майно, фінансування, облік і звітність.</li>
<li>Порядок унесення змін до статуту, реорганізації та ліквідації.</li>
</ul>`,
      attachments: [pdf('statut-instytutu.pdf', 'Statut', INSTITUTE, 'Nova redaktsiia, 2024', SAMPLE)],
    },
  },
  {
    id: 'doc-order-anticorruption',
    data: {
      title: 'Про затвердження Антикорупційної програми на 2026–2028 роки',
      slug: 'pro-zatverdzhennia-antykoruptsiinoi-prohramy',
      status: 'published',
      publishedAt: '2026-02-17T09:00:00+02:00',
      summary: 'Наказом затверджено Антикорупційну програму інституту на 2026–2028 роки та визначено відповідальних за її виконання.',
      kind: 'order',
      number: '18-од',
      date: '2026-02-16',
      body: `<p>Відповідно до Закону України «Про запобігання корупції» наказом затверджено Антикорупційну програму інституту на 2026–2028 роки.</p>
<p>Програма містить оцінку корупційних ризиків у діяльності інституту, заходи щодо їх усунення, порядок навчання працівників з питань запобігання корупції та порядок звітування про виконання програми. Повідомити про можливі корупційні правопорушення можна на адресу <a href="mailto:anticorruption@uhmi.org.ua">anticorruption@uhmi.org.ua</a>.</p>`,
      attachments: [
        pdf('nakaz-18-od-2026.pdf', 'Nakaz N 18-od vid 16.02.2026', 'Pro zatverdzhennia Antykoruptsiinoi prohramy na 2026-2028 roky', INSTITUTE, SAMPLE),
        pdf('antykoruptsiina-prohrama-2026-2028.pdf', 'Antykoruptsiina prohrama na 2026-2028 roky', INSTITUTE, SAMPLE),
      ],
    },
  },
  {
    id: 'doc-regulation-aspirantura',
    data: {
      title: 'Положення про підготовку докторів філософії в аспірантурі інституту',
      slug: 'polozhennia-pro-pidhotovku-doktoriv-filosofii',
      status: 'published',
      publishedAt: null,
      summary: 'Порядок вступу до аспірантури, організація освітньої та наукової складових підготовки, атестація здобувачів.',
      kind: 'regulation',
      number: '',
      date: '2025-05-28',
      body: `<p>Положення регулює підготовку здобувачів вищої освіти ступеня доктора філософії в аспірантурі інституту: вступ, індивідуальний план, виконання освітньо-наукової програми, призначення наукових керівників, щорічне звітування та атестацію.</p>
<p>Положення схвалено вченою радою інституту. Інформацію для вступників наведено на сторінці <a href="/aspirantura">«Аспірантура»</a>.</p>`,
      attachments: [pdf('polozhennia-pro-aspiranturu.pdf', 'Polozhennia pro pidhotovku doktoriv filosofii v aspiranturi', INSTITUTE, SAMPLE)],
    },
  },
  {
    id: 'doc-report-2025',
    data: {
      title: 'Звіт про наукову та науково-технічну діяльність за 2025 рік',
      slug: 'zvit-za-2025-rik',
      status: 'published',
      publishedAt: '2026-03-02T10:00:00+02:00',
      summary: 'Основні результати досліджень інституту у 2025 році, публікації, підготовка кадрів і міжнародна співпраця.',
      kind: 'report',
      number: '',
      date: '2026-02-27',
      body: `<p>У звіті узагальнено результати виконання науково-дослідних робіт інституту у 2025 році за напрямами: дослідження клімату та довгострокові прогнози погоди, агрометеорологія, гідрологія, гідрохімія та моніторинг довкілля, морська гідрометеорологія, методика спостережень.</p>
<h2>Окремі результати року</h2>
<ul>
<li>Підготовлено другу версію станційного набору добових даних ClimUAsd-stn.</li>
<li>Переглядач змін клімату доповнено даними для річкових басейнів.</li>
<li>Вийшли два випуски журналу «Метеорологія. Гідрологія. Моніторинг довкілля».</li>
<li>Проведено науково-практичну конференцію «Кліматичні зміни та гідрометеорологічна безпека України».</li>
</ul>`,
      attachments: [pdf('zvit-2025.pdf', 'Zvit pro naukovu ta naukovo-tekhnichnu diialnist za 2025 rik', INSTITUTE, SAMPLE)],
    },
  },
  {
    id: 'doc-procurement-plan-2026',
    data: {
      title: 'Річний план закупівель на 2026 рік',
      slug: 'richnyi-plan-zakupivel-2026',
      status: 'published',
      publishedAt: null,
      summary: 'Перелік товарів, робіт і послуг, які інститут планує закупити у 2026 році, з очікуваною вартістю та строками.',
      kind: 'procurement',
      number: '',
      date: '2026-01-15',
      body: `<p>Річний план закупівель інституту на 2026 рік. Плани закупівель також оприлюднюються в електронній системі публічних закупівель Prozorro — саме там розміщено їх чинні редакції.</p>
<p>Зміни до плану вносяться в разі коригування кошторису або потреб структурних підрозділів.</p>`,
      attachments: [pdf('richnyi-plan-zakupivel-2026.pdf', 'Richnyi plan zakupivel na 2026 rik', INSTITUTE, SAMPLE)],
    },
  },
  {
    id: 'doc-procurement-server',
    data: {
      title: 'Обґрунтування технічних та якісних характеристик предмета закупівлі: обчислювальний сервер',
      slug: 'obgruntuvannia-tekhnichnykh-kharakterystyk',
      status: 'published',
      publishedAt: null,
      summary: 'Обґрунтування характеристик, розміру бюджетного призначення та очікуваної вартості закупівлі сервера для чисельного моделювання.',
      kind: 'procurement',
      number: '',
      date: '2026-05-12',
      body: `<p>Інститут закуповує обчислювальний сервер для лабораторії моделювання річкових систем. Сервер потрібен для розрахунків за гідрологічними моделями та обробки ансамблів кліматичних проєкцій.</p>
<h2>Обґрунтування</h2>
<ul>
<li><strong>Технічні та якісні характеристики</strong> визначено з урахуванням обсягів даних і вимог програмного забезпечення, яке використовується для моделювання.</li>
<li><strong>Очікувану вартість</strong> визначено на підставі аналізу комерційних пропозицій постачальників.</li>
<li><strong>Розмір бюджетного призначення</strong> відповідає кошторису інституту на 2026 рік.</li>
</ul>`,
      attachments: [pdf('obgruntuvannia-server-2026.pdf', 'Obgruntuvannia tekhnichnykh ta yakisnykh kharakterystyk predmeta zakupivli', 'Obchysliuvalnyi server', INSTITUTE, SAMPLE)],
    },
  },
  {
    id: 'doc-plan-research-2026',
    data: {
      title: 'Тематичний план науково-дослідних робіт на 2026 рік',
      slug: 'tematychnyi-plan-naukovo-doslidnykh-robit-2026',
      status: 'published',
      publishedAt: null,
      summary: 'Теми науково-дослідних робіт, які виконують наукові підрозділи інституту у 2026 році, з етапами та очікуваними результатами.',
      kind: 'plan',
      number: '',
      date: '2025-12-22',
      body: `<p>Тематичний план охоплює дослідження, які виконують наукові підрозділи інституту у 2026 році. Для кожної теми зазначено відповідальний підрозділ, етапи виконання та очікувані результати.</p>
<p>План схвалено вченою радою інституту.</p>`,
      attachments: [pdf('tematychnyi-plan-2026.pdf', 'Tematychnyi plan naukovo-doslidnykh robit na 2026 rik', INSTITUTE, SAMPLE)],
    },
  },
  {
    id: 'doc-regulation-reception',
    data: {
      title: 'Порядок організації особистого прийому громадян',
      slug: 'poriadok-orhanizatsii-osobystoho-pryiomu',
      status: 'published',
      publishedAt: null,
      summary: 'Як проводиться особистий прийом громадян керівництвом інституту: запис, графік, розгляд звернень.',
      kind: 'regulation',
      number: '',
      date: '2025-09-01',
      body: `<p>Порядок розроблено відповідно до Закону України «Про звернення громадян». Він визначає, як громадяни записуються на особистий прийом до керівництва інституту, як ведеться облік звернень і в які строки надаються відповіді.</p>
<p>Чинний графік прийому наведено на сторінці <a href="/activity/osobystyi-pryiom-hromadian">«Особистий прийом громадян»</a>.</p>`,
      attachments: [pdf('poriadok-osobystoho-pryiomu.pdf', 'Poriadok orhanizatsii osobystoho pryiomu hromadian', INSTITUTE, SAMPLE)],
    },
  },
  {
    id: 'doc-open-data-list',
    data: {
      title: 'Перелік наборів даних, що оприлюднюються у формі відкритих даних',
      slug: 'perelik-naboriv-danykh',
      status: 'published',
      publishedAt: null,
      summary: 'Набори даних інституту, які оприлюднюються у відкритому доступі, з відповідальними підрозділами та періодичністю оновлення.',
      kind: 'other',
      number: '',
      date: '2025-10-06',
      body: `<p>Перелік містить набори даних, які інститут оприлюднює у формі відкритих даних: кліматичні масиви з <a href="/data_repo">репозитарію даних</a>, довідкову інформацію про діяльність установи та інформацію про використання коштів.</p>
<p>Умови використання кліматичних даних описано на сторінці <a href="/data-policy">«Політика доступу до даних»</a>.</p>`,
      attachments: [pdf('perelik-vidkrytykh-danykh.pdf', 'Perelik naboriv danykh, shcho opryliudniuiutsia u formi vidkrytykh danykh', INSTITUTE, SAMPLE)],
    },
  },
  {
    id: 'doc-order-competition-draft',
    data: {
      title: 'Про оголошення конкурсу на заміщення вакантних посад',
      slug: 'pro-oholoshennia-konkursu',
      status: 'draft',
      publishedAt: null,
      summary: 'Наказ про оголошення конкурсу на заміщення вакантних посад наукових працівників (проєкт).',
      kind: 'order',
      number: '',
      date: '2026-11-20',
      body: `<p>Проєкт наказу про оголошення конкурсу на заміщення вакантних посад наукових працівників відділу гідрологічних досліджень і лабораторії моделювання річкових систем.</p>`,
      attachments: [pdf('nakaz-konkurs-proiekt.pdf', 'Proiekt nakazu', 'Pro oholoshennia konkursu na zamishchennia vakantnykh posad', INSTITUTE, SAMPLE)],
    },
  },
];
