/** The site's section pages (a list each, and `/Contacts`), for tests that visit every one of them. */
export const SECTION_PAGES = [
  '/News',
  '/docs',
  '/Trainings',
  '/conf',
  '/journal',
  '/activity',
  '/data_repo',
  '/Departments',
  '/publications',
  '/Contacts',
] as const;
