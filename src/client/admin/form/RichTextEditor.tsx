/**
 * The rich-text editor (Tiptap): headings, bold/italic, lists, links, tables, images from the media
 * library (with a description and their pixel size, useRichImages.ts), undo/redo. It edits HTML; the
 * server sanitises it with its allow-list before storing.
 */
import { ActionIcon, Button, Group, Modal, Paper, Stack, TextInput, Tooltip } from '@mantine/core';
import Image from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import { EditorContent, useEditor, useEditorState, type ChainedCommands, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useState } from 'react';
import { MediaPicker } from '../media/MediaPicker';
import { ImageAltDialog } from './ImageAltDialog';
import './richTextEditor.css';
import { useRichImages } from './useRichImages';

function ToolButton({
  label,
  active,
  disabled,
  onClick,
  children,
}: {
  label: string;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant={active ? 'filled' : 'default'}
        size="md"
        aria-label={label}
        aria-pressed={active}
        disabled={disabled}
        onClick={onClick}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

/** The editor's value (HTML), where its changes go, its accessible label and the id of its editable area. */
interface RichTextEditorProps {
  value: string;
  onChange: (html: string) => void;
  label: string;
  id: string;
}

/** A Tiptap editor of `value` (HTML): reports changes ('' when empty), takes outside ones (a reset, a restore). */
function useRichEditor({ value, onChange, label, id }: RichTextEditorProps) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        link: { openOnClick: false, autolink: true, protocols: ['mailto', 'tel'] },
      }),
      // Keeps src, alt, title, width and height (the size the page reserves before the image loads).
      // Without the typed `![alt](src)` shortcut: images come from the library, described in a dialog.
      Image.extend({ addInputRules: () => [] }),
      TableKit.configure({ table: { resizable: false } }),
    ],
    content: value,
    immediatelyRender: false,
    editorProps: {
      attributes: { 'aria-label': label, role: 'textbox', 'aria-multiline': 'true', id, class: 'rich-editor-content' },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  // Outside changes (reset, restore of a revision) replace the content.
  useEffect(() => {
    if (editor && value !== editor.getHTML() && !(value === '' && editor.isEmpty))
      editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);
  return editor;
}

/** Which of the toolbar's marks and blocks are on at the selection. */
function useActiveFormats(editor: Editor | null) {
  return useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e
        ? {
            h2: e.isActive('heading', { level: 2 }),
            h3: e.isActive('heading', { level: 3 }),
            bold: e.isActive('bold'),
            italic: e.isActive('italic'),
            bullet: e.isActive('bulletList'),
            ordered: e.isActive('orderedList'),
            link: e.isActive('link'),
            image: e.isActive('image'),
          }
        : null,
  });
}

export function RichTextEditor({ value, onChange, label, id }: RichTextEditorProps) {
  const [linkOpen, setLinkOpen] = useState(false);
  const [href, setHref] = useState('');
  const editor = useRichEditor({ value, onChange, label, id });
  const active = useActiveFormats(editor);
  const images = useRichImages(editor);
  if (!editor) return null;
  const chain = () => editor.chain().focus();
  return (
    <Paper withBorder p={0}>
      <Toolbar
        label={label}
        chain={chain}
        active={active}
        onLink={() => {
          setHref((editor.getAttributes('link').href as string | undefined) ?? '');
          setLinkOpen(true);
        }}
        onImage={() => images.setPicking(true)}
        onDescribeImage={images.describeSelected}
      />
      {/* A double click on an image selects it and opens its description. */}
      <EditorContent
        editor={editor}
        onDoubleClick={(e) => {
          if (!(e.target instanceof HTMLImageElement)) return;
          editor.commands.setNodeSelection(editor.view.posAtDOM(e.target, 0));
          images.describeSelected();
        }}
      />
      <LinkModal
        opened={linkOpen}
        href={href}
        setHref={setHref}
        onClose={() => setLinkOpen(false)}
        onUnset={() => chain().extendMarkRange('link').unsetLink().run()}
        onApply={(target) => chain().extendMarkRange('link').setLink({ href: target }).run()}
      />
      <MediaPicker
        opened={images.picking}
        onClose={() => images.setPicking(false)}
        accept="image"
        onPick={images.pick}
      />
      <ImageAltDialog target={images.target} onCancel={images.cancel} onSave={images.save} />
    </Paper>
  );
}

/** The formatting buttons; `chain` starts a command on the focused editor. */
function Toolbar({
  label,
  chain,
  active,
  onLink,
  onImage,
  onDescribeImage,
}: {
  label: string;
  chain: () => ChainedCommands;
  active: ReturnType<typeof useActiveFormats>;
  /** Opens the link dialog. */
  onLink: () => void;
  /** Opens the media library to insert an image. */
  onImage: () => void;
  /** Opens the description dialog of the selected image. */
  onDescribeImage: () => void;
}) {
  return (
    <Group
      gap={4}
      p={6}
      style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      role="toolbar"
      aria-label={`Форматування: ${label}`}
    >
      <ToolButton
        label="Заголовок розділу (H2)"
        active={active?.h2}
        onClick={() => chain().toggleHeading({ level: 2 }).run()}
      >
        H2
      </ToolButton>
      <ToolButton
        label="Підзаголовок (H3)"
        active={active?.h3}
        onClick={() => chain().toggleHeading({ level: 3 }).run()}
      >
        H3
      </ToolButton>
      <ToolButton label="Жирний" active={active?.bold} onClick={() => chain().toggleBold().run()}>
        <b>Ж</b>
      </ToolButton>
      <ToolButton label="Курсив" active={active?.italic} onClick={() => chain().toggleItalic().run()}>
        <i>К</i>
      </ToolButton>
      <ToolButton label="Маркований список" active={active?.bullet} onClick={() => chain().toggleBulletList().run()}>
        •
      </ToolButton>
      <ToolButton label="Нумерований список" active={active?.ordered} onClick={() => chain().toggleOrderedList().run()}>
        1.
      </ToolButton>
      <ToolButton label="Посилання" active={active?.link} onClick={onLink}>
        ↗
      </ToolButton>
      <ToolButton label="Таблиця" onClick={() => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()}>
        ▦
      </ToolButton>
      <ToolButton label="Зображення з медіатеки" onClick={onImage}>
        ▣
      </ToolButton>
      <ToolButton label="Опис зображення" disabled={!active?.image} onClick={onDescribeImage}>
        ✎
      </ToolButton>
      <ToolButton label="Скасувати" onClick={() => chain().undo().run()}>
        ↶
      </ToolButton>
      <ToolButton label="Повторити" onClick={() => chain().redo().run()}>
        ↷
      </ToolButton>
    </Group>
  );
}

/** Edits the link at the selection: `onApply` with the trimmed address (none when empty) or `onUnset`; both close. */
function LinkModal({
  opened,
  href,
  setHref,
  onClose,
  onUnset,
  onApply,
}: {
  opened: boolean;
  href: string;
  setHref: (href: string) => void;
  onClose: () => void;
  onUnset: () => void;
  onApply: (href: string) => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Посилання">
      <Stack>
        <TextInput
          label="Адреса"
          placeholder="https://… або /docs/…"
          value={href}
          onChange={(e) => setHref(e.currentTarget.value)}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button
            variant="default"
            onClick={() => {
              onUnset();
              onClose();
            }}
          >
            Прибрати посилання
          </Button>
          <Button
            onClick={() => {
              if (href.trim()) onApply(href.trim());
              onClose();
            }}
          >
            Застосувати
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
