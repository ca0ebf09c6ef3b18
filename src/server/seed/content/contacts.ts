/** Seed: contact points. Phone numbers and mailboxes are invented; the address is unconfirmed (facts file). */
import type { SeedDocument } from '../types';

const ADDRESS = 'просп. Науки, 37, Київ, 03028';
const HOURS = 'пн–чт 9:00–18:00, пт 9:00–16:45, перерва 13:00–13:45';

export const contactsSeed: SeedDocument<'contacts'>[] = [
  {
    id: 'contact-reception',
    data: {
      title: 'Приймальня директора',
      slug: 'pryimalnia-dyrektora',
      status: 'published',
      publishedAt: null,
      summary: 'Запис на особистий прийом до керівництва, листи на ім’я директора, організаційні питання.',
      order: 1,
      phones: ['(044) 525-12-06'],
      email: 'reception@uhmi.org.ua',
      address: `${ADDRESS}, кімната 201`,
      hours: HOURS,
    },
  },
  {
    id: 'contact-office',
    data: {
      title: 'Канцелярія',
      slug: 'kantseliariia',
      status: 'published',
      publishedAt: null,
      summary: 'Приймання та реєстрація вхідної кореспонденції, звернень громадян і запитів на публічну інформацію.',
      order: 2,
      phones: ['(044) 525-12-09', '(044) 525-12-10'],
      email: 'info@uhmi.org.ua',
      address: `${ADDRESS}, кімната 102`,
      hours: HOURS,
    },
  },
  {
    id: 'contact-hr',
    data: {
      title: 'Відділ кадрів',
      slug: 'viddil-kadriv',
      status: 'published',
      publishedAt: null,
      summary: 'Вакансії та конкурси на заміщення посад, довідки з місця роботи, організація практики студентів.',
      order: 3,
      phones: ['(044) 525-14-27'],
      email: 'hr@uhmi.org.ua',
      address: `${ADDRESS}, кімната 106`,
      hours: 'пн–пт 9:00–16:00, перерва 13:00–13:45',
    },
  },
  {
    id: 'contact-aspirantura',
    data: {
      title: 'Аспірантура',
      slug: 'aspirantura',
      status: 'published',
      publishedAt: null,
      summary: 'Вступ до аспірантури, навчальний процес, атестація аспірантів.',
      order: 4,
      phones: ['(044) 525-19-53'],
      email: 'aspirantura@uhmi.org.ua',
      address: `${ADDRESS}, кімната 208`,
      hours: 'пн–чт 10:00–16:00',
    },
  },
  {
    id: 'contact-press',
    data: {
      title: 'Прес-служба',
      slug: 'pres-sluzhba',
      status: 'published',
      publishedAt: null,
      summary: 'Запити журналістів, коментарі науковців для засобів масової інформації, новини сайту.',
      order: 5,
      phones: ['(044) 525-16-80'],
      email: 'press@uhmi.org.ua',
      address: '',
      hours: 'пн–пт 9:00–18:00',
    },
  },
];
