/**
 * The dialog that asks for a rich-text image's description (its `alt`), like the cover field's
 * «Альтернативний текст (для незрячих)»: required unless the image is marked decorative (`alt=""`).
 */
import { Button, Checkbox, Group, Image, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';

/** Shown when the description is empty and the image is not marked decorative. */
export const IMAGE_ALT_REQUIRED_MESSAGE = 'Опишіть, що зображено, або позначте зображення як декоративне (без опису)';

/** What the dialog edits: the image's address (for a preview), its current alt (null when it has none). */
export interface ImageAltTarget {
  src: string;
  alt: string | null;
  /** True while inserting (the button says «Вставити»), false when changing an inserted image. */
  inserting: boolean;
}

/**
 * Asks for the description of `target` (closed when null). `onSave` gets the trimmed text, or '' for a
 * decorative image; `onCancel` (also Escape and the close button) changes nothing.
 */
export function ImageAltDialog({
  target,
  onCancel,
  onSave,
}: {
  target: ImageAltTarget | null;
  onCancel: () => void;
  onSave: (alt: string) => void;
}) {
  return (
    <Modal opened={target !== null} onClose={onCancel} title="Опис зображення">
      {/* Mounted per opening, so each starts from its image's own alt. */}
      {target ? <AltForm target={target} onCancel={onCancel} onSave={onSave} /> : null}
    </Modal>
  );
}

/** The dialog's form; an explicit empty alt opens as «decorative». */
function AltForm({
  target,
  onCancel,
  onSave,
}: {
  target: ImageAltTarget;
  onCancel: () => void;
  onSave: (alt: string) => void;
}) {
  const [alt, setAlt] = useState(target.alt ?? '');
  const [decorative, setDecorative] = useState(target.alt === '');
  const [error, setError] = useState<string | null>(null);

  const submit = (e: React.FormEvent) => {
    // The dialog sits (through a portal) inside the content form: its submit must not reach that form.
    e.preventDefault();
    e.stopPropagation();
    if (decorative) return onSave('');
    if (!alt.trim()) return setError(IMAGE_ALT_REQUIRED_MESSAGE);
    onSave(alt.trim());
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Image src={target.src} alt="" h={120} w="auto" fit="contain" radius="sm" />
        <TextInput
          label="Альтернативний текст (для незрячих)"
          description="Що зображено, одним-двома реченнями: його читають програми екранного доступу"
          withAsterisk={!decorative}
          disabled={decorative}
          value={decorative ? '' : alt}
          error={decorative ? undefined : error}
          onChange={(e) => {
            setAlt(e.currentTarget.value);
            setError(null);
          }}
          data-autofocus
        />
        <Checkbox
          label="Декоративне зображення (без опису)"
          description="Лише прикраса, що нічого не повідомляє: програми екранного доступу його пропустять"
          checked={decorative}
          onChange={(e) => setDecorative(e.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Скасувати
          </Button>
          <Button type="submit">{target.inserting ? 'Вставити' : 'Зберегти'}</Button>
        </Group>
      </Stack>
    </form>
  );
}
