/** Download links for attached files, straight from their stored metadata (no client round trip). */
import type { FileRef } from '../../shared/content/fields';
import { fileExtension, formatBytes } from '../lib/files';
import { useSharedStrings } from '../lib/sharedStrings';

export function Attachments({ files, title = 'Файли' }: { files: FileRef[]; title?: string }) {
  const mark = useSharedStrings();
  if (!files.length) return null;
  return (
    <section className="attachments" aria-labelledby="attachments-title">
      <h2 id="attachments-title">{title}</h2>
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
                {fileExtension(file.name)}, {formatBytes(file.size)}
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
