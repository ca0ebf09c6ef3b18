/**
 * File and image fields of the content forms: upload a new file (into the media library, with the
 * upload component's progress and controls) or pick one from the library; images also get alt text.
 */
import { Anchor, Button, FileButton, Group, Image, Input, Stack, Text, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import type { FileRef, ImageRef } from '../../../shared/content/fields';
import type { FileKind } from '../../../shared/documentFiles';
import { formatBytes } from '../../lib/files';
import { imageSize } from '../../lib/imageSize';
import { firebaseStorage } from '../../lib/storage';
import { useAdmin } from '../context';
import { acceptAttributeOf, splitChosenFiles, type FileAccept } from '../media/fileGate';
import { MediaPicker } from '../media/MediaPicker';
import { UploadQueue, useUploadQueue } from '../media/UploadQueue';
import { MEDIA_ROOT } from '../media/useMedia';

/** An image reference for a chosen file: no alt text yet (the form asks for it) and the size read from the image. */
async function imageRefOf(file: FileRef): Promise<ImageRef> {
  const size = await imageSize(file.url);
  return { ...file, alt: '', width: size?.width ?? null, height: size?.height ?? null };
}

function FileRow({ file, onRemove }: { file: FileRef; onRemove: () => void }) {
  return (
    <Group gap="xs" wrap="nowrap">
      {/* The name gives way on a narrow screen (min-width 0), so size and «Прибрати» stay whole. */}
      <Anchor href={file.url} target="_blank" size="sm" truncate maw={380} miw={0}>
        {file.name}
      </Anchor>
      <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
        {formatBytes(file.size)}
      </Text>
      <Button
        size="compact-sm"
        variant="subtle"
        color="red"
        onClick={onRemove}
        aria-label={`Прибрати ${file.name}`}
        style={{ flexShrink: 0 }}
      >
        Прибрати
      </Button>
    </Group>
  );
}

function AddFile({ folder, accept, onAdd }: { folder: string; accept: FileAccept; onAdd: (files: FileRef[]) => void }) {
  const { config } = useAdmin();
  const storage = useMemo(() => firebaseStorage(config), [config]);
  const queue = useUploadQueue(folder);
  const [picking, setPicking] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const image = accept === 'image';
  /** Queues the chosen files the field takes; names the refused ones (and why) at the field. */
  const choose = async (files: File[]) => {
    const { accepted, refusal } = await splitChosenFiles(files, accept);
    setRefusal(refusal);
    queue.add(accepted);
  };
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <FileButton
          multiple={!image}
          accept={acceptAttributeOf(accept)}
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
        accept={accept}
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
  accept = 'any',
  folder = MEDIA_ROOT,
  error,
  altError,
}: {
  label: string;
  value: FileRef | ImageRef | null;
  onChange: (v: FileRef | ImageRef | null) => void;
  image: boolean;
  /** Which files a file field takes (shared/documentFiles.ts); an image field takes images. */
  accept?: FileKind | 'any';
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
            accept={image ? 'image' : accept}
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
  accept = 'any',
  folder = MEDIA_ROOT,
  error,
}: {
  label: string;
  value: FileRef[];
  onChange: (v: FileRef[]) => void;
  /** Which files the list takes (shared/documentFiles.ts). */
  accept?: FileKind | 'any';
  folder?: string;
  error?: string;
}) {
  return (
    <Input.Wrapper label={label} error={error}>
      <Stack gap="xs" mt={4}>
        {value.map((f, i) => (
          <FileRow key={`${f.path}-${i}`} file={f} onRemove={() => onChange(value.filter((_, j) => j !== i))} />
        ))}
        <AddFile folder={folder} accept={accept} onAdd={(files) => onChange([...value, ...files])} />
      </Stack>
    </Input.Wrapper>
  );
}
