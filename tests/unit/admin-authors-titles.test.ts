/** How the admin names an author without an e-mail (QA3 finding 9) and titles its screens (finding 8). */
import { describe, expect, it } from 'vitest';
import { authorLabel } from '../../src/shared/content/authors';
import { adminTitle } from '../../src/shared/head/adminTitle';
import { SYSTEM_AUTHOR } from '../../src/server/content/history';

describe('authorLabel', () => {
  it('names an author by the e-mail recorded with the change', () => {
    expect(authorLabel({ uid: 'u1', email: 'editor@uhmi.org.ua' })).toBe('editor@uhmi.org.ua');
  });

  it('calls the seed’s and other writes outside the admin «система»', () => {
    expect(authorLabel(SYSTEM_AUTHOR)).toBe('система');
  });

  it('never shows a raw uid for an account that had no e-mail', () => {
    expect(authorLabel({ uid: 'Xa9kQ2mPz', email: null })).toBe('обліковий запис без адреси');
    expect(authorLabel({ uid: 'Xa9kQ2mPz', email: '' })).toBe('обліковий запис без адреси');
  });
});

describe('adminTitle', () => {
  it('puts the heading before the admin’s name, whitespace collapsed', () => {
    expect(adminTitle('  Новий документ:\n новина ')).toBe('Новий документ: новина — Адміністрування — УкрГМІ');
  });

  it('is the admin’s own title without a heading', () => {
    expect(adminTitle(' ')).toBe('Адміністрування — УкрГМІ');
  });
});
