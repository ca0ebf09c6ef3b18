/**
 * The admin sections shown in the navigation: every content type with an admin section in the
 * registry (the staff directory for administrators only), the media library, and AuthUsers
 * (accounts, administrators only).
 */
import { contentTypeList } from '../../shared/content/registry';
import type { StaffRole } from './session';

export interface NavSection {
  /** Path under /edit/admin. */
  path: string;
  label: string;
  adminOnly: boolean;
}

/** Order of the sections in the navigation (the spec's list, then Pages and Redirects). */
const ORDER = [
  'News',
  'Docs',
  'Trainings',
  'Conferences',
  'Journal',
  'Publications',
  'BookOrders',
  'Developments',
  'Activities',
  'Departments',
  'Users',
  'DataRepo',
  'Contacts',
  'Pages',
  'Header',
  'Footer',
  'Redirects',
];

export const NAV_SECTIONS: NavSection[] = [
  ...contentTypeList
    .filter((t) => t.adminSection)
    .sort((a, b) => ORDER.indexOf(a.adminSection!) - ORDER.indexOf(b.adminSection!))
    .map((t) => ({
      path: `config/${t.adminSection}`,
      label: t.labels.plural,
      adminOnly: (t as { access?: string }).access === 'admin',
    })),
  { path: 'media', label: 'Медіатека', adminOnly: false },
  { path: 'config/AuthUsers', label: 'Облікові записи', adminOnly: true },
  { path: 'audit', label: 'Журнал змін', adminOnly: true },
];

/** The sections a role may open. */
export function navSections(role: StaffRole | null): NavSection[] {
  return NAV_SECTIONS.filter((s) => !s.adminOnly || role === 'admin');
}
