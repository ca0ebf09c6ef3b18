/**
 * File and image fields of the content forms: upload a new file (into the media library, with the
 * upload component's progress and controls) or pick one from the library; images also get alt text.
 */
import { Anchor, Button, FileButton, Group, Image, Input, Stack, Text, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import type { FileRef, ImageRef } from '../../../shared/content/fields';
import { SITE_IMAGE_TYPES } from '../../../shared/imageFiles';
import { formatBytes } from '../../lib/files';
import { firebaseStorage } from '../../lib/storage';
import { useAdmin } from '../context';
import { splitImageFiles } from '../media/imageGate';
import { MediaPicker } from '../media/MediaPicker';
import { UploadQueue, useUploadQueue } from '../media/UploadQueue';
import { MEDIA_ROOT } from '../media/useMedia';

/** The intrinsic size of an image at `url` (null when the browser cannot decode it). */
async function imageSize(url: string): Promise<{ width: number; height: number } | null> {
  const img = new window.Image();
  img.src = url;
  try {
    await img.decode();
  } catch {
    return null;
  }
  return img.naturalWidth > 0 && img.naturalHeight > 0 ? { width: img.naturalWidth, height: img.naturalHeight } : null;
}

/** An image reference for a chosen file: no alt text yet (the form asks for it) and the size read from the image. */
async function imageRefOf(file: FileRef): Promise<ImageRef> {
  const size = await imageSize(file.url);
  return { ...file, alt: '', width: size?.width ?? null, height: size?.height ?? null };
}

function FileRow({ file, onRemove }: { file: FileRef; onRemove: () => void }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Anchor href={file.url} target="_blank" size="sm" truncate maw={380}>
        {file.name}
      </Anchor>
      <Text size="xs" c="dimmed">
        {formatBytes(file.size)}
      </Text>
      <Button size="compact-xs" variant="subtle" color="red" onClick={onRemove} aria-label={`Прибрати ${file.name}`}>
        Прибрати
      </Button>
    </Group>
  );
}

function AddFile({ folder, image, onAdd }: { folder: string; image: boolean; onAdd: (files: FileRef[]) => void }) {
  const { config } = useAdmin();
  const storage = useMemo(() => firebaseStorage(config), [config]);
  const queue = useUploadQueue(folder);
  const [picking, setPicking] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  /** Queues the chosen files; an image field first drops (and names) those that are not images. */
  const choose = async (files: File[]) => {
    if (!image) return queue.add(files);
    const { images, refusal } = await splitImageFiles(files);
    setRefusal(refusal);
    queue.add(images);
  };
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <FileButton
          multiple={!image}
          accept={image ? SITE_IMAGE_TYPES.join(',') : undefined}
          onChange={(picked) => void choose(Array.isArray(picked) ? picked : picked ? [picked] : [])}
        >
          {(props) => (
            <Button size="xs" variant="default" {...props}>
              {image ? 'Завантажити зображення' : 'Завантажити файл'}
            </Button>
          )}
        </FileButton>
        <Button size="xs" variant="default" onClick={() => setPicking(true)}>
          Обрати з медіатеки
        </Button>
      </Group>
      {refusal ? (
        <Text size="sm" c="red" role="alert">
          {refusal}
        </Text>
      ) : null}
      <UploadQueue storage={storage} queue={queue} onDone={(ref) => onAdd([ref])} />
      <MediaPicker
        opened={picking}
        accept={image ? 'image' : 'any'}
        onClose={() => setPicking(false)}
        onPick={(file) => {
          onAdd([file]);
          setPicking(false);
        }}
      />
    </Stack>
  );
}

/** One file (or image) or none. */
export function SingleFileField({
  label,
  value,
  onChange,
  image,
  folder = MEDIA_ROOT,
  error,
  altError,
}: {
  label: string;
  value: FileRef | ImageRef | null;
  onChange: (v: FileRef | ImageRef | null) => void;
  image: boolean;
  folder?: string;
  error?: string;
  /** The error of the image's alt text (required whenever an image is set). */
  altError?: string;
}) {
  return (
    <Input.Wrapper label={label} error={error}>
      <Stack gap="xs" mt={4}>
        {value ? (
          <>
            {image ? (
              <Image src={value.url} alt={(value as ImageRef).alt ?? ''} h={140} w="auto" fit="contain" radius="sm" />
            ) : null}
            <FileRow file={value} onRemove={() => onChange(null)} />
            {image ? (
              <TextInput
                label="Альтернативний текст (для незрячих)"
                description="Що зображено, одним-двома реченнями: його читають програми екранного доступу"
                withAsterisk
                error={altError}
                value={(value as ImageRef).alt ?? ''}
                onChange={(e) => onChange({ ...(value as ImageRef), alt: e.currentTarget.value })}
              />
            ) : null}
          </>
        ) : (
          <AddFile
            folder={folder}
            image={image}
            onAdd={(files) => (image ? void imageRefOf(files[0]!).then(onChange) : onChange(files[0]!))}
          />
        )}
      </Stack>
    </Input.Wrapper>
  );
}

/** A list of files. */
export function FileListField({
  label,
  value,
  onChange,
  folder = MEDIA_ROOT,
  error,
}: {
  label: string;
  value: FileRef[];
  onChange: (v: FileRef[]) => void;
  folder?: string;
  error?: string;
}) {
  return (
    <Input.Wrapper label={label} error={error}>
      <Stack gap="xs" mt={4}>
        {value.map((f, i) => (
          <FileRow key={`${f.path}-${i}`} file={f} onRemove={() => onChange(value.filter((_, j) => j !== i))} />
        ))}
        <AddFile folder={folder} image={false} onAdd={(files) => onChange([...value, ...files])} />
      </Stack>
    </Input.Wrapper>
  );
}
