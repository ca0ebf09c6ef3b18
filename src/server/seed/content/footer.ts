/** Seed: the footer settings (singleton). Social-network addresses are placeholders. */
import type { SeedDocument } from '../types';

export const footerSeed: SeedDocument<'footer'>[] = [
  {
    id: 'footer',
    data: {
      columns: [
        {
          title: 'Інститут',
          links: [
            { label: 'Про інститут', href: '/about' },
            { label: 'Наукові підрозділи', href: '/Departments' },
            { label: 'Діяльність', href: '/activity' },
            { label: 'Документи', href: '/docs' },
            { label: 'Особистий прийом громадян', href: '/activity/osobystyi-pryiom-hromadian' },
            { label: 'Контакти', href: '/Contacts' },
          ],
        },
        {
          title: 'Наука',
          links: [
            { label: 'Публікації', href: '/publications' },
            { label: 'Журнал', href: '/journal' },
            { label: 'Конференції', href: '/conf' },
            { label: 'Навчання', href: '/Trainings' },
            { label: 'Аспірантура', href: '/aspirantura' },
          ],
        },
        {
          title: 'Дані та ресурси',
          links: [
            { label: 'Репозитарій даних', href: '/data_repo' },
            { label: 'Політика доступу до даних', href: '/data-policy' },
            { label: 'Переглядач змін клімату', href: 'https://climate.uhmi.org.ua' },
            { label: 'Сільськогосподарська статистика', href: 'https://agrostats.uhmi.org.ua' },
            { label: 'Сайт журналу', href: 'https://journal.uhmi.org.ua' },
          ],
        },
      ],
      address: 'просп. Науки, 37, Київ, 03028',
      phone: '(044) 525-12-06',
      email: 'info@uhmi.org.ua',
      social: [
        { network: 'facebook', url: 'https://www.facebook.com/uhmi.org.ua' },
        { network: 'youtube', url: 'https://www.youtube.com/@uhmi_ua' },
      ],
      copyright: '© 2026 УкрГМІ ДСНС України та НАН України',
    },
  },
];
