/**
 * QA pass 2, findings A2 and A3, in the admin: a «Повний текст (PDF)» field refuses a PNG and
 * «Файли» an .exe before anything is uploaded, with a Ukrainian message at the field; a NetCDF the
 * browser gives no type is uploaded as application/x-netcdf, under its own name for downloads; and
 * an older document holding a refused attachment is stopped at the «Файли» field on its next save.
 * The fields drive the real firebase/storage SDK against the real embedded server on loopback (only
 * the module that would point the SDK at `window.location` hands over this test's client instead).
 */
import { File as NodeFile } from 'node:buffer';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getMetadata, ref, type FirebaseStorage } from 'firebase/storage';
import { describe, expect, it, vi } from 'vitest';
import { FormProvider, useForm } from 'react-hook-form';
import { AdminContext } from '../../src/client/admin/context';
import { formResolver, newDocumentValues } from '../../src/client/admin/form/defaults';
import { FieldInput } from '../../src/client/admin/form/FieldInput';
import { FileListField, SingleFileField } from '../../src/client/admin/form/FileField';
import { formFields } from '../../src/client/admin/form/introspect';
import type { FileRef, ImageRef } from '../../src/shared/content/fields';
import { dispositionFileName } from '../../src/shared/contentDisposition';
import { docs } from '../../src/shared/content/types/docs';
import { renderAdmin } from './render';
import { FIELD_ADMIN, useStorageEditor } from './storageEditor';

const client = vi.hoisted(() => ({ storage: null as FirebaseStorage | null }));
vi.mock('../../src/client/lib/storage', () => ({ firebaseStorage: () => client.storage }));

const { storedNames } = useStorageEditor('file-field-editor@uhmi.example.org', client);

const fileInput = () =>
  screen.getByRole('button', { name: 'Завантажити файл' }).parentElement!.querySelector('input') as HTMLInputElement;

describe('«Повний текст (PDF)»', () => {
  it('refuses a PNG with «Оберіть файл PDF» and stores nothing; the dialog offers PDF only', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const onChange = vi.fn<(v: FileRef | ImageRef | null) => void>();
    renderAdmin(
      <AdminContext.Provider value={FIELD_ADMIN}>
        <SingleFileField
          label="Повний текст (PDF)"
          value={null}
          onChange={onChange}
          image={false}
          accept="pdf"
          folder="public/media/pdf-refused"
        />
      </AdminContext.Provider>,
    );
    expect(fileInput().accept).toBe('.pdf,application/pdf');
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    await user.upload(fileInput(), new NodeFile([png], 'cover.png', { type: 'image/png' }) as unknown as File);
    expect((await screen.findByRole('alert')).textContent).toBe('Файл cover.png не завантажено. Оберіть файл PDF');
    expect(onChange).not.toHaveBeenCalled();
    expect(await storedNames('public/media/pdf-refused')).toEqual([]);
  });
});

describe('«Файли»', () => {
  function renderList(folder: string) {
    const onChange = vi.fn<(v: FileRef[]) => void>();
    renderAdmin(
      <AdminContext.Provider value={FIELD_ADMIN}>
        <FileListField label="Файли" value={[]} onChange={onChange} accept="document" folder={folder} />
      </AdminContext.Provider>,
    );
    return onChange;
  }

  it('refuses an .exe (even named .pdf) naming each file and why, and uploads only the real PDF', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const onChange = renderList('public/media/files-mixed');
    const program = Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1');
    await user.upload(fileInput(), [
      new NodeFile([program], 'doc.exe', { type: 'application/x-msdownload' }) as unknown as File,
      new NodeFile([program], 'звіт.pdf', { type: 'application/pdf' }) as unknown as File,
      new NodeFile(['%PDF-1.4\n%%EOF\n'], 'a.pdf', { type: 'application/pdf' }) as unknown as File,
    ]);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(
      /^Файл doc\.exe не завантажено\. Цей тип файлу не приймається: \.exe\. Дозволено: PDF, DOC, DOCX, .* Файл звіт\.pdf не завантажено\. Вміст файлу не відповідає розширенню \.pdf: оберіть справжній файл PDF$/,
    );
    await waitFor(() => expect(onChange).toHaveBeenCalledOnce(), { timeout: 20_000 });
    expect(onChange.mock.calls[0]![0]).toEqual([expect.objectContaining({ name: 'a.pdf' })]);
    expect(await storedNames('public/media/files-mixed')).toEqual([expect.stringMatching(/-a\.pdf$/)]);
  });

  it('uploads a NetCDF the browser gives no type as application/x-netcdf, downloadable under its own name', async () => {
    const user = userEvent.setup();
    const onChange = renderList('public/media/files-nc');
    const nc = new NodeFile([Buffer.from('CDF\x01\0\0\0\0', 'latin1')], 'опади 2025.nc', { type: '' });
    await user.upload(fileInput(), nc as unknown as File);
    await waitFor(() => expect(onChange).toHaveBeenCalledOnce(), { timeout: 20_000 });
    const stored = onChange.mock.calls[0]![0][0]!;
    expect(stored).toMatchObject({ name: 'опади 2025.nc', contentType: 'application/x-netcdf' });
    const meta = await getMetadata(ref(client.storage!, stored.path));
    expect(dispositionFileName(meta.contentDisposition)).toBe('опади 2025.nc');
  });
});

/** The documents form's «Файли» field holding `attachments`, and a submit button. */
function DocsForm({ attachments, onSubmit }: { attachments: FileRef[]; onSubmit: () => void }) {
  const form = useForm<Record<string, unknown>>({
    resolver: formResolver(docs),
    defaultValues: { ...newDocumentValues(docs, formFields(docs)), title: 'Наказ', date: '2026-03-23', attachments },
  });
  return (
    <FormProvider {...form}>
      <form onSubmit={(e) => void form.handleSubmit(onSubmit)(e)}>
        <FieldInput spec={formFields(docs).find((f) => f.name === 'attachments')!} path="attachments" />
        <button type="submit">Зберегти</button>
      </form>
    </FormProvider>
  );
}

describe('an older document with an .exe attachment', () => {
  it('is stopped at «Файли» on its next save, naming the file', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const exe = {
      path: 'public/media/mx0fq5cy-doc.exe',
      name: 'doc.exe',
      contentType: 'application/x-ms-dos-executable',
      size: 11,
      url: '/v0/b/bucket/o/public%2Fmedia%2Fmx0fq5cy-doc.exe?alt=media&token=t',
    };
    renderAdmin(
      <AdminContext.Provider value={FIELD_ADMIN}>
        <DocsForm attachments={[exe]} onSubmit={onSubmit} />
      </AdminContext.Provider>,
    );
    await user.click(screen.getByRole('button', { name: 'Зберегти' }));
    expect(await screen.findByText(/^doc\.exe: Цей тип файлу не приймається: \.exe\./)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
