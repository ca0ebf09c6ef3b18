/** The site's seed content: every content type's documents, keyed by type. */
import type { SeedSet } from '../types';
import { activitiesSeed } from './activities';
import { conferencesSeed } from './conferences';
import { contactsSeed } from './contacts';
import { dataRepoSeed } from './dataRepo';
import { departmentsSeed } from './departments';
import { developmentsSeed } from './developments';
import { docsSeed } from './docs';
import { footerSeed } from './footer';
import { headerSeed } from './header';
import { journalSeed } from './journal';
import { newsSeed } from './news';
import { pagesSeed } from './pages';
import { publicationsSeed } from './publications';
import { redirectsSeed } from './redirects';
import { thesesSeed } from './theses';
import { trainingsSeed } from './trainings';
import { usersSeed } from './users';

export const seedSet: SeedSet = {
  news: newsSeed,
  docs: docsSeed,
  trainings: trainingsSeed,
  conferences: conferencesSeed,
  theses: thesesSeed,
  journal: journalSeed,
  activities: activitiesSeed,
  developments: developmentsSeed,
  publications: publicationsSeed,
  departments: departmentsSeed,
  users: usersSeed,
  contacts: contactsSeed,
  dataRepo: dataRepoSeed,
  pages: pagesSeed,
  redirects: redirectsSeed,
  header: headerSeed,
  footer: footerSeed,
};
