/**
 * QA3 finding 4: an image inserted into rich text gets a description the editor types (never the
 * file's name), or is marked decorative (`alt=""`); cancelling inserts nothing; an inserted image's
 * description can be changed. The media library is the real one: the real firebase/storage SDK
 * against the real embedded server on loopback (see storageEditor.ts).
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ref, uploadBytes, type FirebaseStorage } from 'firebase/storage';
import { useState } from 'react';
import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { AdminContext } from '../../src/client/admin/context';
import { IMAGE_ALT_REQUIRED_MESSAGE } from '../../src/client/admin/form/ImageAltDialog';
import { RichTextEditor } from '../../src/client/admin/form/RichTextEditor';
import { renderAdmin } from './render';
import { FIELD_ADMIN, useStorageEditor } from './storageEditor';

const client = vi.hoisted(() => ({ storage: null as FirebaseStorage | null }));
vi.mock('../../src/client/lib/storage', () => ({ firebaseStorage: () => client.storage }));

useStorageEditor('rich-text-images@uhmi.example.org', client);

const FILE_NAME = 'mx0lwzua-cover.png';

beforeAll(async () => {
  const png = await sharp({ create: { width: 4, height: 3, channels: 3, background: '#3366aa' } })
    .png()
    .toBuffer();
  await uploadBytes(ref(client.storage!, `public/media/${FILE_NAME}`), new Uint8Array(png), {
    contentType: 'image/png',
  });
});

/** The news text editor holding `initial`; `changes` gets every HTML it reports. */
function renderEditor(initial = '') {
  const changes = vi.fn<(html: string) => void>();
  function Holder() {
    const [value, setValue] = useState(initial);
    return (
      <RichTextEditor
        id="body-editor"
        label="Текст"
        value={value}
        onChange={(html) => {
          changes(html);
          setValue(html);
        }}
      />
    );
  }
  renderAdmin(
    <AdminContext.Provider value={FIELD_ADMIN}>
      <Holder />
    </AdminContext.Provider>,
    { env: 'test' },
  );
  return changes;
}

/** Opens the library from the toolbar and picks the uploaded image; returns the description dialog. */
async function pickImage(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Зображення з медіатеки' }));
  const picker = screen.getByRole('dialog', { name: 'Оберіть зображення' });
  await within(picker).findByText(FILE_NAME, {}, { timeout: 10_000 });
  // A card shows its name at once and «Обрати» once its details (type, link) have arrived.
  await user.click(await within(picker).findByRole('button', { name: 'Обрати' }, { timeout: 10_000 }));
  return screen.findByRole('dialog', { name: 'Опис зображення' });
}

/** The images in the editor's last reported HTML. */
function imagesIn(html: string | undefined): HTMLImageElement[] {
  const box = document.createElement('div');
  box.innerHTML = html ?? '';
  return [...box.querySelectorAll('img')];
}

describe('an image inserted into rich text', () => {
  it('waits for a description, refuses an empty one and never takes the file name', async () => {
    const user = userEvent.setup();
    const changes = renderEditor();
    const dialog = await pickImage(user);
    expect(changes).not.toHaveBeenCalled();
    const alt = within(dialog).getByRole('textbox', { name: /^Альтернативний текст \(для незрячих\)/ });
    expect((alt as HTMLInputElement).value).toBe('');
    expect(alt.getAttribute('aria-describedby')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Вставити' }));
    expect(within(dialog).getByText(IMAGE_ALT_REQUIRED_MESSAGE)).toBeTruthy();
    expect(changes).not.toHaveBeenCalled();

    await user.type(alt, '  Метеомайданчик інституту взимку ');
    await user.click(within(dialog).getByRole('button', { name: 'Вставити' }));
    await waitFor(() => expect(imagesIn(changes.mock.lastCall?.[0])).toHaveLength(1));
    const [img] = imagesIn(changes.mock.lastCall![0]);
    expect(img!.getAttribute('alt')).toBe('Метеомайданчик інституту взимку');
    expect(img!.getAttribute('src')).toContain(FILE_NAME);
    expect(screen.queryByRole('dialog', { name: 'Опис зображення' })).toBeNull();
  });

  it('marked decorative is stored with an empty alt', async () => {
    const user = userEvent.setup();
    const changes = renderEditor();
    const dialog = await pickImage(user);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Декоративне зображення (без опису)' }));
    expect(within(dialog).getByRole('textbox', { name: /^Альтернативний текст/ })).toHaveProperty('disabled', true);
    await user.click(within(dialog).getByRole('button', { name: 'Вставити' }));
    await waitFor(() => expect(imagesIn(changes.mock.lastCall?.[0])).toHaveLength(1));
    const [img] = imagesIn(changes.mock.lastCall![0]);
    expect(img!.hasAttribute('alt')).toBe(true);
    expect(img!.getAttribute('alt')).toBe('');
  });

  it('is not inserted when the dialog is cancelled', async () => {
    const user = userEvent.setup();
    const changes = renderEditor('<p>Текст новини.</p>');
    const dialog = await pickImage(user);
    await user.type(within(dialog).getByRole('textbox', { name: /^Альтернативний текст/ }), 'Щось');
    await user.click(within(dialog).getByRole('button', { name: 'Скасувати' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Опис зображення' })).toBeNull());
    expect(changes).not.toHaveBeenCalled();
    expect(document.querySelector('.rich-editor-content img')).toBeNull();
  });
});

describe('an inserted image', () => {
  it('gets a new description on a double click, through the same dialog', async () => {
    const user = userEvent.setup();
    const changes = renderEditor(`<p>Вступ.</p><img src="/media/${FILE_NAME}" alt="${FILE_NAME}"><p>Далі.</p>`);
    const describe = await screen.findByRole('button', { name: 'Опис зображення' });
    expect(describe).toHaveProperty('disabled', true);

    fireEvent.doubleClick(document.querySelector('.rich-editor-content img')!);
    const dialog = await screen.findByRole('dialog', { name: 'Опис зображення' });
    const alt = within(dialog).getByRole('textbox', { name: /^Альтернативний текст/ });
    expect((alt as HTMLInputElement).value).toBe(FILE_NAME);
    expect(screen.getByRole('button', { name: 'Опис зображення' })).toHaveProperty('disabled', false);
    await user.clear(alt);
    await user.type(alt, 'Графік температури повітря за січень');
    await user.click(within(dialog).getByRole('button', { name: 'Зберегти' }));
    await waitFor(() => expect(changes).toHaveBeenCalled());
    const images = imagesIn(changes.mock.lastCall![0]);
    expect(images).toHaveLength(1);
    expect(images[0]!.getAttribute('alt')).toBe('Графік температури повітря за січень');
    expect(changes.mock.lastCall![0]).toContain('<p>Вступ.</p>');
  });
});
