/**
 * Images in the rich-text editor: one picked from the media library is inserted only after the
 * description dialog (ImageAltDialog) is answered, with its pixel size read in the browser as
 * `width`/`height`; an inserted image's description is changed through the same dialog.
 */
import type { Editor } from '@tiptap/react';
import { useRef, useState } from 'react';
import type { FileRef } from '../../../shared/content/fields';
import { imageSize } from '../../lib/imageSize';
import type { ImageAltTarget } from './ImageAltDialog';

type Size = { width: number; height: number } | null;

/** The picker's and the description dialog's state and handlers for `editor`. */
export function useRichImages(editor: Editor | null) {
  const [picking, setPicking] = useState(false);
  const [target, setTarget] = useState<ImageAltTarget | null>(null);
  // The size of the picked image, read while the dialog is open.
  const size = useRef<Promise<Size>>(Promise.resolve(null));

  /** The library's choice: read its size and ask for its description; nothing is inserted yet. */
  const pick = (file: FileRef) => {
    setPicking(false);
    size.current = imageSize(file.url);
    setTarget({ src: file.url, alt: null, inserting: true });
  };

  /** Opens the dialog for the selected image (no-op when the selection is not an image). */
  const describeSelected = () => {
    if (!editor?.isActive('image')) return;
    const { src, alt } = editor.getAttributes('image') as { src: string; alt?: string | null };
    setTarget({ src, alt: alt ?? null, inserting: false });
  };

  /** The dialog's answer: inserts the picked image, or sets the selected image's alt. */
  const save = (alt: string) => {
    const answered = target;
    setTarget(null);
    if (!editor || !answered) return;
    if (!answered.inserting) {
      editor.chain().focus().updateAttributes('image', { alt }).run();
      return;
    }
    void size.current.then((s) =>
      editor
        .chain()
        .focus()
        .setImage({ src: answered.src, alt, ...(s ?? {}) })
        .run(),
    );
  };

  return { picking, setPicking, pick, target, save, cancel: () => setTarget(null), describeSelected };
}
