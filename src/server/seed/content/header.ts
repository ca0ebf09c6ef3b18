/** Seed: the header settings (singleton) — site name and main menu. */
import type { SeedDocument } from '../types';

export const headerSeed: SeedDocument<'header'>[] = [
  {
    id: 'header',
    data: {
      siteName: 'Український гідрометеорологічний інститут ДСНС України та НАН України',
      shortName: 'УкрГМІ',
      tagline: 'Дослідження клімату, вод і атмосфери України',
      menu: [
        {
          label: 'Про інститут',
          href: '/about',
          children: [
            { label: 'Про інститут', href: '/about', children: [] },
            { label: 'Діяльність', href: '/activity', children: [] },
            { label: 'Розробки', href: '/Developments', children: [] },
            { label: 'Особистий прийом громадян', href: '/activity/osobystyi-pryiom-hromadian', children: [] },
            { label: 'Документи', href: '/docs', children: [] },
            { label: 'Контакти', href: '/Contacts', children: [] },
          ],
        },
        { label: 'Наукові підрозділи', href: '/Departments', children: [] },
        { label: 'Новини', href: '/News', children: [] },
        {
          label: 'Публікації',
          href: '/publications',
          children: [
            { label: 'Публікації', href: '/publications', children: [] },
            { label: 'Журнал', href: '/journal', children: [] },
            { label: 'Конференції', href: '/conf', children: [] },
          ],
        },
        { label: 'Навчання', href: '/Trainings', children: [] },
        { label: 'Репозитарій даних', href: '/data_repo', children: [] },
        { label: 'Аспірантура', href: '/aspirantura', children: [] },
      ],
    },
  },
];
