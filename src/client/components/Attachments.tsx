/** Download links for attached files, straight from their stored metadata (no client round trip). */
import { useId } from 'react';
import type { FileRef } from '../../shared/content/fields';
import { fileExtension } from '../lib/files';
import { useSharedStrings } from '../lib/sharedStrings';
import { useFormats } from '../lib/formats';

/**
 * `level`: the heading level (3 inside a card); `of`: what the files belong to, added to the
 * section's name when a page has several such sections (each landmark's name must be unique).
 */
export function Attachments({
  files,
  title = 'Файли',
  level = 2,
  of,
}: {
  files: FileRef[];
  title?: string;
  level?: 2 | 3 | 4;
  of?: string;
}) {
  const formats = useFormats();
  const id = useId();
  const mark = useSharedStrings();
  if (!files.length) return null;
  const Heading = `h${level}` as const;
  return (
    <section
      className="attachments"
      aria-labelledby={of ? undefined : id}
      aria-label={of ? `${title}: ${of}` : undefined}
    >
      <Heading id={id}>{title}</Heading>
      <ul>
        {files.map((file) => (
          <li key={file.path}>
            <a href={file.url} download={file.name} className="file-link">
              <span className="file-badge" aria-hidden="true">
                {fileExtension(file.name)}
              </span>
              <span className="file-name" data-s={mark('t', file.name)}>
                {file.name}
              </span>
              <span className="file-size">
                <span className="visually-hidden">, </span>
                {fileExtension(file.name)}, {formats.bytes(file.size)}
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
