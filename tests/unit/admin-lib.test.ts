import { describe, expect, it } from 'vitest';
import { getStorage } from 'firebase/storage';
import { initializeApp } from 'firebase/app';
import { formFields } from '../../src/client/admin/form/introspect';
import { formSchema, newDocumentValues } from '../../src/client/admin/form/defaults';
import { fromKyivLocal, isKyivTime, toKyivLocal } from '../../src/client/admin/form/kyivTime';
import { safeReturnUrl } from '../../src/client/admin/guards';
import { objectNameFor } from '../../src/client/admin/media/UploadProgress';
import { switchToHttpsWhenServedOverHttps } from '../../src/client/lib/storage';
import { contentTypeList } from '../../src/shared/content/registry';
import { IDENTITY_ERROR_MESSAGES, identityErrorMessage } from '../../src/shared/identityErrors';
import { storageErrorMessage } from '../../src/shared/storageErrors';
import { MODAL_DEFAULTS, TOOLTIP_DEFAULTS } from '../../src/client/admin/theme';

describe('admin forms from the registry', () => {
  it('gives every field of every type a widget and a Ukrainian label', () => {
    for (const type of contentTypeList) {
      for (const f of formFields(type)) {
        expect(f.label, `${type.key}.${f.name}`).not.toBe(f.name);
        expect(f.kind, `${type.key}.${f.name}`).toBeTruthy();
        for (const item of f.itemFields ?? [])
          expect(item.label, `${type.key}.${f.name}.${item.name}`).not.toBe(item.name);
      }
    }
  });

  it('chooses the widgets a person expects', () => {
    const kinds = (key: string) =>
      Object.fromEntries(formFields(contentTypeList.find((t) => t.key === key)!).map((f) => [f.name, f.kind]));
    expect(kinds('news')).toMatchObject({
      title: 'text',
      body: 'richText',
      date: 'datetime',
      cover: 'image',
      attachments: 'files',
      tags: 'tags',
      status: 'status',
      publishedAt: 'datetime',
    });
    expect(kinds('docs')).toMatchObject({ kind: 'select', date: 'date' });
    expect(kinds('theses')).toMatchObject({
      conferenceId: 'relation',
      authors: 'objectList',
      pdf: 'file',
      order: 'number',
    });
    expect(kinds('users')).toMatchObject({ departmentId: 'relation', photo: 'image', orcid: 'text' });
    expect(kinds('header')).toMatchObject({ menu: 'menuTree' });
    expect(kinds('publications')).toMatchObject({ orderable: 'boolean', pages: 'number' });
  });

  it('leaves the fields the server maintains out of every form', () => {
    for (const type of contentTypeList) {
      const names = formFields(type).map((f) => f.name);
      const expected = Object.keys(type.schema.shape).filter((k) => !(type.maintainedFields ?? []).includes(k));
      expect(names, type.key).toEqual(expected);
    }
    const dataRepo = contentTypeList.find((t) => t.key === 'dataRepo')!;
    expect('frozenVersions' in dataRepo.schema.shape).toBe(true);
    expect(formFields(dataRepo).map((f) => f.name)).not.toContain('frozenVersions');
  });

  it('starts a new document from values the schema accepts once the required fields are filled', () => {
    const news = contentTypeList.find((t) => t.key === 'news')!;
    const values = newDocumentValues(news, formFields(news));
    expect(values).toMatchObject({ status: 'draft', attachments: [], cover: null, slug: '' });
    const filled = { ...values, title: 'Новина', date: '2026-03-23T10:00:00+02:00' };
    expect(formSchema(news).safeParse(filled).success).toBe(true);
    expect(formSchema(news).safeParse({ ...filled, slug: 'Bad Slug' }).success).toBe(false);
  });
});

describe('Kyiv wall-clock times', () => {
  it('round-trips through the picker values in Europe/Kyiv, across daylight saving time', () => {
    expect(toKyivLocal('2026-03-23T08:00:00.000Z')).toBe('2026-03-23 10:00:00');
    expect(toKyivLocal('2026-07-01T09:30:00.000Z')).toBe('2026-07-01 12:30:00');
    expect(fromKyivLocal('2026-03-23T10:00')).toBe('2026-03-23T08:00:00.000Z');
    expect(fromKyivLocal('2026-07-01T12:30')).toBe('2026-07-01T09:30:00.000Z');
    expect(fromKyivLocal('2026-07-01 12:30:00')).toBe('2026-07-01T09:30:00.000Z');
    expect(fromKyivLocal('')).toBeNull();
    expect(toKyivLocal(null)).toBe('');
  });

  it('knows the hour Kyiv skips when summer time starts', () => {
    expect(isKyivTime('2026-03-29 02:59:00')).toBe(true);
    expect(isKyivTime('2026-03-29 03:30:00')).toBe(false);
    expect(isKyivTime('2026-03-29 04:00:00')).toBe(true);
    expect(isKyivTime('2026-10-25 03:30:00')).toBe(true);
    expect(isKyivTime('2026-02-31 10:00:00')).toBe(false);
  });
});

describe('identity and storage messages', () => {
  const SPEC_CODES = [
    'wrong-password',
    'user-not-found',
    'email-already-in-use',
    'invalid-email',
    'missing-password',
    'operation-not-allowed',
    'invalid-credential',
    'credential-already-in-use',
    'too-many-requests',
    'expired-action-code',
    'invalid-action-code',
    'requires-recent-login',
    'invalid-user-token',
    'user-token-expired',
    'user-disabled',
    'invalid-verification-code',
    'invalid-verification-id',
    'code-expired',
    'unauthorized-continue-uri',
    'admin-restricted-operation',
    'network-request-failed',
    'account-exists-with-different-credential',
    'multi-factor-auth-required',
    'popup-blocked',
    'popup-closed-by-user',
    'cancelled-popup-request',
    'web-storage-unsupported',
    'unauthorized-domain',
    'login-blocked',
    'argument-error',
    'internal-error',
    'user-mismatch',
    'tenant-id-mismatch',
    'already-initialized',
    'invalid-api-key',
  ];

  it('has a Ukrainian message for every identity client code of the spec', () => {
    for (const code of SPEC_CODES) expect(IDENTITY_ERROR_MESSAGES[code], code).toMatch(/[А-ЯІЇЄҐа-яіїєґ]/);
    expect(identityErrorMessage({ code: 'auth/user-disabled' })).toContain('вимкнено');
    expect(identityErrorMessage({ code: 'auth/something-new' })).toBe('Не вдалося виконати вхід. Спробуйте ще раз.');
  });

  it('explains storage errors in Ukrainian and keeps the server text of unknown ones', () => {
    expect(storageErrorMessage({ code: 'storage/quota-exceeded' })).toContain('заповнене');
    expect(storageErrorMessage({ code: 'storage/unknown', customData: { serverResponse: 'disk full' } })).toContain(
      'disk full',
    );
  });
});

describe('admin helpers', () => {
  it('follows only return URLs inside the admin', () => {
    expect(safeReturnUrl('/edit/admin/config/News')).toBe('/edit/admin/config/News');
    for (const bad of ['https://evil.example', '//evil.example', '/News', null, '/edit/admin/Login?x'])
      expect(safeReturnUrl(bad)).toBe('/edit/admin');
  });

  it('names uploads safely, keeping the extension', () => {
    const name = objectNameFor('public/media/', new File(['x'], 'Звіт за 2025 рік (остаточний).PDF'));
    expect(name).toMatch(/^public\/media\/[a-z0-9]+-Звіт-за-2025-рік-остаточний\.pdf$/);
    expect(objectNameFor('public/media', new File(['x'], '../../etc/passwd'))).toMatch(
      /^public\/media\/[a-z0-9]+-passwd$/,
    );
  });

  it('switches embedded storage to https only when the page is served over https', () => {
    const storage = getStorage(
      initializeApp({ apiKey: 'k', projectId: 'p', storageBucket: 'b.appspot.com' }, 'https-switch-test'),
    );
    const protocol = () => (storage as unknown as { _protocol: string })._protocol;
    expect(switchToHttpsWhenServedOverHttps(storage, 'http:')).toBe(false);
    expect(switchToHttpsWhenServedOverHttps(storage, 'https:')).toBe(true);
    expect(protocol()).toBe('https');
  });

  it('keeps the spec’s modal and tooltip defaults', () => {
    expect(MODAL_DEFAULTS).toMatchObject({
      zIndex: 1000,
      closeOnClickOutside: true,
      closeOnEscape: false,
      transitionProps: { transition: 'fade', duration: 200 },
    });
    expect(TOOLTIP_DEFAULTS).toMatchObject({
      openDelay: 500,
      closeDelay: 200,
      maw: 350,
      zIndex: 9999,
      offset: { mainAxis: 10, crossAxis: 0 },
      transitionProps: { transition: 'scale', duration: 300, exitDuration: 250 },
    });
  });
});
