/**
 * The media library view shared by the library page and the picker: folders (breadcrumbs and
 * subfolders), files with image and PDF previews, upload of several files with progress, copy
 * link, delete with confirmation; in picking mode a file is chosen instead.
 */
import {
  Alert,
  Anchor,
  Breadcrumbs,
  Button,
  Card,
  FileButton,
  Group,
  Image,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import type { FileRef } from '../../../shared/content/fields';
import { storageErrorMessage } from '../../../shared/storageErrors';
import { fileExtension, formatBytes } from '../../lib/files';
import { ConfirmModal } from '../components/ConfirmModal';
import { firebaseStorage } from '../../lib/storage';
import { useAdmin } from '../context';
import { UploadQueue, useUploadQueue } from './UploadQueue';
import { FOLDER_LABELS, MEDIA_ROOT, useMediaFolder } from './useMedia';

const isImage = (f: FileRef) => /^image\/(png|jpe?g|gif|webp|avif)$/i.test(f.contentType);
const isPdf = (f: FileRef) => f.contentType === 'application/pdf';

export function MediaBrowser({ onPick, accept }: { onPick?: (file: FileRef) => void; accept?: 'image' | 'any' }) {
  const { config } = useAdmin();
  const storage = useMemo(() => firebaseStorage(config), [config]);
  const [folder, setFolder] = useState(MEDIA_ROOT);
  const [newFolder, setNewFolder] = useState('');
  const [previewing, setPreviewing] = useState<FileRef | null>(null);
  const [deleting, setDeleting] = useState<FileRef | null>(null);
  const media = useMediaFolder(storage, folder);
  // Folders from the library's root down to the open one: public, public/media, public/media/x…
  const crumbs = folder.split('/').map((_, i, parts) => parts.slice(0, i + 1).join('/'));
  const folderName = (path: string) => FOLDER_LABELS[path] ?? path.split('/').pop()!;
  const shown = media.files.filter((f) => accept !== 'image' || isImage(f));

  const queue = useUploadQueue(folder);

  return (
    <Stack>
      <Breadcrumbs aria-label="Тека">
        {crumbs.map((path, i) =>
          i === crumbs.length - 1 ? (
            <Text key={path} fw={600}>
              {folderName(path)}
            </Text>
          ) : (
            <Anchor key={path} component="button" type="button" onClick={() => setFolder(path)}>
              {folderName(path)}
            </Anchor>
          ),
        )}
      </Breadcrumbs>
      <Group>
        <FileButton onChange={(files) => queue.add(files)} multiple accept={accept === 'image' ? 'image/*' : undefined}>
          {(props) => <Button {...props}>Завантажити файли</Button>}
        </FileButton>
        <TextInput
          aria-label="Назва нової теки"
          placeholder="Нова тека"
          value={newFolder}
          onChange={(e) => setNewFolder(e.currentTarget.value.replace(/[^\p{L}\p{N}_-]/gu, ''))}
          w={180}
        />
        <Button
          variant="default"
          disabled={!newFolder}
          onClick={() => (setFolder(`${folder}/${newFolder}`), setNewFolder(''))}
        >
          Відкрити теку
        </Button>
      </Group>
      <UploadQueue storage={storage} queue={queue} onDone={() => media.reload()} linger={1500} />
      {media.error ? (
        <Alert color="red" role="alert">
          {storageErrorMessage(media.error)}
        </Alert>
      ) : null}
      {media.loading ? <Loader size="sm" aria-label="Завантаження списку файлів" /> : null}
      {media.folders.length > 0 && (
        <Group gap="xs">
          {media.folders.map((f) => (
            <Button key={f} variant="light" size="xs" onClick={() => setFolder(f)}>
              📁 {folderName(f)}
            </Button>
          ))}
        </Group>
      )}
      {!media.loading && !shown.length ? <Text c="dimmed">У цій теці немає файлів.</Text> : null}
      <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }}>
        {shown.map((f) => (
          <Card key={f.path} withBorder padding="sm">
            <Card.Section>
              {isImage(f) ? (
                <Image src={f.url} alt={f.name} h={120} fit="cover" />
              ) : (
                <Group h={120} justify="center" bg="gray.1">
                  <Text fw={700} c="dimmed">
                    {fileExtension(f.name)}
                  </Text>
                </Group>
              )}
            </Card.Section>
            <Text size="sm" fw={500} mt="xs" truncate title={f.name}>
              {f.name}
            </Text>
            <Text size="xs" c="dimmed">
              {formatBytes(f.size)}
            </Text>
            <Group gap={4} mt="xs">
              {onPick ? (
                <Button size="compact-xs" onClick={() => onPick(f)}>
                  Обрати
                </Button>
              ) : null}
              {isImage(f) || isPdf(f) ? (
                <Button size="compact-xs" variant="default" onClick={() => setPreviewing(f)}>
                  Переглянути
                </Button>
              ) : null}
              <Button
                size="compact-xs"
                variant="default"
                onClick={() =>
                  void navigator.clipboard
                    .writeText(new URL(f.url, window.location.origin).toString())
                    .then(() => notifications.show({ message: 'Посилання скопійовано' }))
                }
              >
                Копіювати посилання
              </Button>
              {!onPick ? (
                <FileButton onChange={(file) => file && queue.replace(file, f.path)}>
                  {(props) => (
                    <Button {...props} size="compact-xs" variant="default" aria-label={`Замінити ${f.name}`}>
                      Замінити
                    </Button>
                  )}
                </FileButton>
              ) : null}
              {!onPick ? (
                <Button size="compact-xs" variant="subtle" color="red" onClick={() => setDeleting(f)}>
                  Видалити
                </Button>
              ) : null}
            </Group>
          </Card>
        ))}
      </SimpleGrid>
      <Modal opened={!!previewing} onClose={() => setPreviewing(null)} title={previewing?.name} size="xl">
        {previewing && isImage(previewing) ? <Image src={previewing.url} alt={previewing.name} /> : null}
        {previewing && isPdf(previewing) ? (
          <iframe title={previewing.name} src={previewing.url} style={{ width: '100%', height: '70vh', border: 0 }} />
        ) : null}
      </Modal>
      <ConfirmModal
        opened={!!deleting}
        title="Видалити файл?"
        confirmLabel="Видалити"
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const target = deleting;
          setDeleting(null);
          if (target)
            void media.remove(target.path).then(
              () => notifications.show({ color: 'green', message: 'Файл видалено' }),
              (err: unknown) => notifications.show({ color: 'red', message: storageErrorMessage(err) }),
            );
        }}
      >
        <Text>
          Файл <strong>{deleting?.name}</strong> буде видалено зі сховища. Сторінки, що посилаються на нього,
          показуватимуть непрацююче посилання.
        </Text>
      </ConfirmModal>
    </Stack>
  );
}
