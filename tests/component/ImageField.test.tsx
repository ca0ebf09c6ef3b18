/**
 * QA finding 1: an image field refuses a file that is not an image before anything is uploaded, with
 * a Ukrainian message at the field, while a real PNG is uploaded. The field drives the real
 * firebase/storage SDK against the real embedded server on loopback (only the module that would
 * point the SDK at `window.location` hands over this test's signed-in client instead).
 */
import { File as NodeFile } from 'node:buffer';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FirebaseStorage } from 'firebase/storage';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { FormProvider, useForm } from 'react-hook-form';
import { AdminContext } from '../../src/client/admin/context';
import { formResolver, newDocumentValues } from '../../src/client/admin/form/defaults';
import { FieldInput } from '../../src/client/admin/form/FieldInput';
import { SingleFileField } from '../../src/client/admin/form/FileField';
import { formFields } from '../../src/client/admin/form/introspect';
import type { FileRef, ImageRef } from '../../src/shared/content/fields';
import { news } from '../../src/shared/content/types/news';
import { NOT_AN_IMAGE_MESSAGE } from '../../src/shared/imageFiles';
import { renderAdmin } from './render';
import { FIELD_ADMIN, useStorageEditor } from './storageEditor';

const client = vi.hoisted(() => ({ storage: null as FirebaseStorage | null }));
vi.mock('../../src/client/lib/storage', () => ({ firebaseStorage: () => client.storage }));

const { storedNames } = useStorageEditor('image-field-editor@uhmi.example.org', client);

function renderField(folder: string) {
  const onChange = vi.fn<(v: FileRef | ImageRef | null) => void>();
  renderAdmin(
    <AdminContext.Provider value={FIELD_ADMIN}>
      <SingleFileField label="Обкладинка" value={null} onChange={onChange} image folder={folder} />
    </AdminContext.Provider>,
  );
  const input = screen.getByRole('button', { name: 'Завантажити зображення' }).parentElement!.querySelector('input');
  return { onChange, input: input as HTMLInputElement };
}

describe('image field', () => {
  it('refuses a text file named .png with a Ukrainian message and stores nothing', async () => {
    const user = userEvent.setup();
    const { onChange, input } = renderField('public/media/refused');
    const fake = new NodeFile(['це не зображення, а текст'], 'fake.png', { type: 'image/png' }) as unknown as File;
    await user.upload(input, fake);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'Файл fake.png не завантажено. Цей файл не є зображенням: оберіть JPEG, PNG, WebP, GIF або SVG',
    );
    expect(screen.queryByRole('group', { name: /^Завантаження/ })).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
    expect(await storedNames('public/media/refused')).toEqual([]);
  });

  it('refuses an executable however it is chosen', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { onChange, input } = renderField('public/media/refused-exe');
    const exe = new NodeFile([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1')], 'doc.exe', {
      type: 'application/x-msdownload',
    }) as unknown as File;
    await user.upload(input, exe);
    expect((await screen.findByRole('alert')).textContent).toContain('Файл doc.exe не завантажено.');
    expect(onChange).not.toHaveBeenCalled();
    expect(await storedNames('public/media/refused-exe')).toEqual([]);
  });

  it('uploads a real PNG and hands back an image reference', async () => {
    const user = userEvent.setup();
    const { onChange, input } = renderField('public/media/accepted');
    const png = await sharp({ create: { width: 4, height: 3, channels: 3, background: '#3366aa' } })
      .png()
      .toBuffer();
    await user.upload(input, new NodeFile([png], 'cover.png', { type: 'image/png' }) as unknown as File);
    await waitFor(() => expect(onChange).toHaveBeenCalledOnce(), { timeout: 20_000 });
    expect(onChange.mock.calls[0]![0]).toMatchObject({ name: 'cover.png', contentType: 'image/png', alt: '' });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(await storedNames('public/media/accepted')).toHaveLength(1);
  });
});

/** The news form's cover field holding `cover`, and a submit button. */
function CoverForm({ cover, onSubmit }: { cover: ImageRef; onSubmit: () => void }) {
  const form = useForm<Record<string, unknown>>({
    resolver: formResolver(news),
    defaultValues: { ...newDocumentValues(news, formFields(news)), cover },
  });
  return (
    <FormProvider {...form}>
      <form onSubmit={(e) => void form.handleSubmit(onSubmit)(e)}>
        <FieldInput spec={formFields(news).find((f) => f.name === 'cover')!} path="cover" />
        <button type="submit">Зберегти</button>
      </form>
    </FormProvider>
  );
}

describe('a stored cover that is not an image', () => {
  it('is reported at the cover field when the form is saved', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const cover = {
      path: 'public/media/mx0a0amf-doc.exe',
      name: 'mx0a0amf-doc.exe',
      contentType: 'application/octet-stream',
      size: 20,
      url: '/v0/b/bucket/o/public%2Fmedia%2Fmx0a0amf-doc.exe?alt=media&token=t',
      alt: 'Текст',
      width: null,
      height: null,
    };
    renderAdmin(
      <AdminContext.Provider value={FIELD_ADMIN}>
        <CoverForm cover={cover} onSubmit={onSubmit} />
      </AdminContext.Provider>,
    );
    await user.click(screen.getByRole('button', { name: 'Зберегти' }));
    expect(await screen.findByText(NOT_AN_IMAGE_MESSAGE)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
