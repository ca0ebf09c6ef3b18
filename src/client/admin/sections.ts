/**
 * The admin sections shown in the navigation: AuthUsers (accounts, administrators only) and, as the
 * content screens arrive, every content type with an admin section in the registry.
 */
import type { StaffRole } from './session';

export interface NavSection {
  section: string;
  label: string;
  adminOnly: boolean;
}

export const NAV_SECTIONS: NavSection[] = [{ section: 'AuthUsers', label: 'Облікові записи', adminOnly: true }];

/** The sections a role may open. */
export function navSections(role: StaffRole | null): NavSection[] {
  return NAV_SECTIONS.filter((s) => !s.adminOnly || role === 'admin');
}
