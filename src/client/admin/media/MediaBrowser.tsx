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
import { useMemo, useState, type ReactNode } from 'react';
import type { FileRef } from '../../../shared/content/fields';
import { storageErrorMessage } from '../../../shared/storageErrors';
import { fileExtension, formatBytes } from '../../lib/files';
import { ConfirmModal } from '../components/ConfirmModal';
import { firebaseStorage } from '../../lib/storage';
import { useAdmin } from '../context';
import { FileUsageNote } from './FileUsageNote';
import { acceptAttributeOf, splitChosenFiles, takesStoredFile, type FileAccept } from './fileGate';
import { UploadQueue, useUploadQueue } from './UploadQueue';
import { useFileDetails, type FileDetails } from './useFileDetails';
import { FOLDER_LABELS, MEDIA_ROOT, pickedRef, useMediaFolder, type LibraryFile, type ListedFile } from './useMedia';

const isImage = (f: FileRef) => /^image\/(png|jpe?g|gif|webp|avif)$/i.test(f.contentType);
const isPdf = (f: FileRef) => f.contentType === 'application/pdf';

/** A folder's name: the library's own name for a top folder, else its last segment. */
const folderName = (path: string) => FOLDER_LABELS[path] ?? path.split('/').pop()!;

/** Files shown at first and added by each «Показати ще» (their details are fetched only once shown). */
export const FILES_PER_PAGE = 50;

export function MediaBrowser({
  onPick,
  accept = 'any',
}: {
  onPick?: (file: FileRef) => void;
  /** What the picker shows and uploads; the library itself ('any') takes every file. */
  accept?: FileAccept;
}) {
  const { config } = useAdmin();
  const storage = useMemo(() => firebaseStorage(config), [config]);
  const [folder, setOpenFolder] = useState(MEDIA_ROOT);
  const [shownCount, setShownCount] = useState(FILES_PER_PAGE);
  const setFolder = (path: string) => {
    setOpenFolder(path);
    setShownCount(FILES_PER_PAGE);
  };
  const [previewing, setPreviewing] = useState<FileRef | null>(null);
  const [deleting, setDeleting] = useState<FileRef | null>(null);
  const media = useMediaFolder(storage, folder);
  const visible = useMemo(() => media.items.slice(0, shownCount), [media.items, shownCount]);
  const { details, forget } = useFileDetails(
    storage,
    useMemo(() => visible.map((i) => i.path), [visible]),
  );
  const cards = visible.flatMap((item) =>
    fileCardOf(item, details.get(item.path), accept, (f) => (
      <FileCard
        key={f.path}
        file={f}
        onPick={onPick}
        onPreview={() => setPreviewing(f)}
        onReplace={(file) => queue.replace(file, f.path)}
        onDelete={() => setDeleting(f)}
      />
    )),
  );
  const settled = visible.every((i) => details.has(i.path));

  const queue = useUploadQueue(folder);
  const [refusal, setRefusal] = useState<string | null>(null);
  /** Queues the chosen files; when picking for a field, first drops (and names) those it does not take. */
  const upload = async (files: File[]) => {
    const { accepted, refusal } = await splitChosenFiles(files, accept);
    setRefusal(refusal);
    queue.add(accepted);
  };

  return (
    <Stack>
      <FolderTrail folder={folder} onOpen={setFolder} />
      <Group>
        <FileButton onChange={(files) => void upload(files)} multiple accept={acceptAttributeOf(accept)}>
          {(props) => <Button {...props}>Завантажити файли</Button>}
        </FileButton>
        <NewFolder onOpen={(name) => setFolder(`${folder}/${name}`)} />
      </Group>
      {refusal ? (
        <Alert color="red" role="alert">
          {refusal}
        </Alert>
      ) : null}
      <UploadQueue
        storage={storage}
        queue={queue}
        onDone={(ref) => {
          forget(ref.path);
          media.reload();
        }}
        linger={1500}
      />
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
      {!media.loading && settled && !cards.length && shownCount >= media.items.length ? (
        <Text c="dimmed">У цій теці немає файлів.</Text>
      ) : null}
      <SimpleGrid cols={{ base: 1, xs: 2, sm: 3, md: 4 }}>{cards}</SimpleGrid>
      <ShowMore
        shown={shownCount}
        total={media.items.length}
        listing={media.loading}
        onMore={() => setShownCount((n) => n + FILES_PER_PAGE)}
      />
      <PreviewModal file={previewing} onClose={() => setPreviewing(null)} />
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
        {deleting ? <FileUsageNote file={deleting} /> : null}
      </ConfirmModal>
    </Stack>
  );
}

/**
 * What the grid shows for a listed file: a placeholder while its details load, a card naming the
 * failure, nothing when the picker does not take it, else `card(file)`.
 */
function fileCardOf(
  item: ListedFile,
  details: FileDetails | undefined,
  accept: FileAccept,
  card: (file: LibraryFile) => ReactNode,
): ReactNode[] {
  if (details?.file) return takesStoredFile(accept, details.file) ? [card(details.file)] : [];
  return [
    <Card key={item.path} withBorder padding="sm" aria-busy={!details}>
      <Card.Section>
        <Group h={120} justify="center" bg="gray.1">
          {details ? null : <Loader size="sm" aria-label={`Завантаження відомостей про ${item.name}`} />}
        </Group>
      </Card.Section>
      <Text size="sm" fw={500} mt="xs" truncate title={item.name}>
        {item.name}
      </Text>
      {details ? (
        <Text size="xs" c="red">
          {storageErrorMessage(details.error)}
        </Text>
      ) : null}
    </Card>,
  ];
}

/** «Показати ще» and how many of the listed files are shown (none when all are); `listing`: more may come. */
function ShowMore({
  shown,
  total,
  listing,
  onMore,
}: {
  shown: number;
  total: number;
  listing: boolean;
  onMore: () => void;
}) {
  if (total <= shown) return null;
  return (
    <Group>
      <Button variant="default" onClick={onMore}>
        Показати ще
      </Button>
      <Text size="sm" c="dimmed">
        Показано {shown} з {total}
        {listing ? '…' : ''}
      </Text>
    </Group>
  );
}

/** The folders from the library's root down to the open one (public, public/media…); each but the last opens. */
function FolderTrail({ folder, onOpen }: { folder: string; onOpen: (path: string) => void }) {
  const crumbs = folder.split('/').map((_, i, parts) => parts.slice(0, i + 1).join('/'));
  return (
    <Breadcrumbs aria-label="Тека">
      {crumbs.map((path, i) =>
        i === crumbs.length - 1 ? (
          <Text key={path} fw={600}>
            {folderName(path)}
          </Text>
        ) : (
          <Anchor key={path} component="button" type="button" onClick={() => onOpen(path)}>
            {folderName(path)}
          </Anchor>
        ),
      )}
    </Breadcrumbs>
  );
}

/** A new folder's name (letters, digits, _ and -) and the button that opens it (it exists once a file is uploaded). */
function NewFolder({ onOpen }: { onOpen: (name: string) => void }) {
  const [name, setName] = useState('');
  return (
    <>
      <TextInput
        aria-label="Назва нової теки"
        placeholder="Нова тека"
        value={name}
        onChange={(e) => setName(e.currentTarget.value.replace(/[^\p{L}\p{N}_-]/gu, ''))}
        w={180}
      />
      <Button variant="default" disabled={!name} onClick={() => (onOpen(name), setName(''))}>
        Відкрити теку
      </Button>
    </>
  );
}

/**
 * A file: its preview or extension, name and size; pick (in picking mode), preview, copy link, and
 * in the library replace and delete.
 */
function FileCard({
  file: f,
  onPick,
  onPreview,
  onReplace,
  onDelete,
}: {
  file: LibraryFile;
  onPick?: (file: FileRef) => void;
  onPreview: () => void;
  /** Uploads new bytes under this file's name. */
  onReplace: (file: File) => void;
  /** Asks to confirm the delete. */
  onDelete: () => void;
}) {
  return (
    <Card withBorder padding="sm">
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
          <Button size="compact-sm" onClick={() => onPick(pickedRef(f))}>
            Обрати
          </Button>
        ) : null}
        {isImage(f) || isPdf(f) ? (
          <Button size="compact-sm" variant="default" onClick={onPreview} aria-label={`Переглянути ${f.name}`}>
            Переглянути
          </Button>
        ) : null}
        <Button
          size="compact-sm"
          variant="default"
          aria-label={`Копіювати посилання на ${f.name}`}
          onClick={() =>
            void navigator.clipboard
              .writeText(new URL(f.url, window.location.origin).toString())
              .then(() => notifications.show({ message: 'Посилання скопійовано' }))
          }
        >
          Копіювати посилання
        </Button>
        {!onPick ? (
          <FileButton onChange={(file) => file && onReplace(file)}>
            {(props) => (
              <Button {...props} size="compact-sm" variant="default" aria-label={`Замінити ${f.name}`}>
                Замінити
              </Button>
            )}
          </FileButton>
        ) : null}
        {!onPick ? (
          <Button size="compact-sm" variant="subtle" color="red" onClick={onDelete} aria-label={`Видалити ${f.name}`}>
            Видалити
          </Button>
        ) : null}
      </Group>
    </Card>
  );
}

/** An image or a PDF, full size. */
function PreviewModal({ file, onClose }: { file: FileRef | null; onClose: () => void }) {
  return (
    <Modal opened={!!file} onClose={onClose} title={file?.name} size="xl">
      {file && isImage(file) ? <Image src={file.url} alt={file.name} /> : null}
      {file && isPdf(file) ? (
        <iframe title={file.name} src={file.url} style={{ width: '100%', height: '70vh', border: 0 }} />
      ) : null}
    </Modal>
  );
}
