/** A modal for choosing a file (or an image) from the media library. */
import { Modal } from '@mantine/core';
import type { FileRef } from '../../../shared/content/fields';
import type { FileAccept } from './fileGate';
import { MediaBrowser } from './MediaBrowser';

export function MediaPicker({
  opened,
  onClose,
  onPick,
  accept = 'any',
}: {
  opened: boolean;
  onClose: () => void;
  onPick: (file: FileRef) => void;
  accept?: FileAccept;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={accept === 'image' ? 'Оберіть зображення' : accept === 'pdf' ? 'Оберіть файл PDF' : 'Оберіть файл'}
      size="xl"
    >
      {opened ? <MediaBrowser onPick={onPick} accept={accept} /> : null}
    </Modal>
  );
}
