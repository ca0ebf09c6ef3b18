/**
 * The admin sections, generated from the registry: every content type with an admin section (the
 * admin-only ones, such as the staff directory, for administrators only), then the media library,
 * AuthUsers (accounts) and the audit log; and each section's screen (`sectionScreenOf`: its address,
 * title, list columns and form fields with the labels the registry declares).
 */
import { adminAccessOf, type AnyContentType } from '../../shared/content/define';
import { contentTypeList } from '../../shared/content/registry';
import { formFields, type FieldSpec } from './form/introspect';
import type { StaffRole } from './session';

export interface NavSection {
  /** Path under /edit/admin. */
  path: string;
  label: string;
  adminOnly: boolean;
}

/**
 * The order of the first sections in the navigation (the spec's list, then Pages and Redirects). A
 * section not named here follows them, in registry order: a new type needs no entry.
 */
const PREFERRED_ORDER = [
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

function rank(section: string): number {
  const i = PREFERRED_ORDER.indexOf(section);
  return i === -1 ? PREFERRED_ORDER.length : i;
}

/** The navigation for a set of content types: their sections, then the fixed screens. */
export function navSectionsOf(types: readonly AnyContentType[]): NavSection[] {
  const sections = types
    .flatMap((t) => (t.adminSection ? [{ type: t, section: t.adminSection }] : []))
    // Array.prototype.sort is stable: types the preferred order does not name keep registry order.
    .sort((a, b) => rank(a.section) - rank(b.section));
  return [
    ...sections.map(({ type, section }) => ({
      path: `config/${section}`,
      label: type.labels.plural,
      adminOnly: adminAccessOf(type) === 'admin',
    })),
    { path: 'media', label: 'Медіатека', adminOnly: false },
    { path: 'config/AuthUsers', label: 'Облікові записи', adminOnly: true },
    { path: 'audit', label: 'Журнал змін', adminOnly: true },
  ];
}

export const NAV_SECTIONS: NavSection[] = navSectionsOf(contentTypeList);

/** The sections a role may open. */
export function navSections(role: StaffRole | null): NavSection[] {
  return NAV_SECTIONS.filter((s) => !s.adminOnly || role === 'admin');
}

/** What the generic screens of a type's section show. */
export interface SectionScreen {
  /** Path under /edit/admin (`config/{adminSection}`); null for types edited inside another (theses). */
  path: string | null;
  /** The list screen's heading and the navigation entry. */
  title: string;
  kind: AnyContentType['kind'];
  adminOnly: boolean;
  /** The list's columns before the state and last-change columns, with their labels. */
  columns: Array<{ field: string; label: string }>;
  /** The edit screen's fields. */
  fields: FieldSpec[];
}

/** The screens of a type, from its declaration and its fields' metadata. */
export function sectionScreenOf(type: AnyContentType): SectionScreen {
  const fields = formFields(type);
  const labels = new Map(fields.map((f) => [f.name, f.label]));
  return {
    path: type.adminSection ? `config/${type.adminSection}` : null,
    title: type.labels.plural,
    kind: type.kind,
    adminOnly: adminAccessOf(type) === 'admin',
    columns: type.defaultColumns
      .filter((c) => c !== 'status')
      .map((field) => ({ field, label: labels.get(field) ?? field })),
    fields,
  };
}
