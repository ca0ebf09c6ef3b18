/** Seed: redirect rules for addresses of the old site. */
import type { SeedDocument } from '../types';

export const redirectsSeed: SeedDocument<'redirects'>[] = [
  {
    id: 'redirect-eng-climuad',
    data: {
      match: 'prefix',
      from: '/eng/data_repo/ClimUAd_Ukrainian_gridded_daily',
      to: '/data_repo/ClimUAd_Ukrainian_gridded_daily',
      keepRest: false,
      priority: 5,
      note: 'Стара адреса сторінки набору ClimUAd',
    },
  },
  {
    id: 'redirect-eng-data-repo',
    data: {
      match: 'prefix',
      from: '/eng/data_repo',
      to: '/data_repo',
      keepRest: false,
      priority: 10,
      note: 'Репозитарій даних з англомовної частини старого сайту',
    },
  },
  {
    id: 'redirect-data-repo-zip',
    data: {
      match: 'zip',
      from: '/data_repo',
      to: '',
      keepRest: false,
      priority: 20,
      note: 'Архіви наборів даних ({назва}.zip) віддаються із зовнішнього файлового сховища',
    },
  },
  {
    id: 'redirect-eng',
    data: {
      match: 'prefix',
      from: '/eng',
      to: '/',
      keepRest: false,
      priority: 50,
      note: 'Інші сторінки англомовної частини старого сайту — на головну',
    },
  },
  {
    id: 'redirect-ua',
    data: {
      match: 'prefix',
      from: '/ua',
      to: '/',
      keepRest: true,
      priority: 60,
      note: 'Старі адреси з мовним префіксом /ua',
    },
  },
];
