/**
 * «Контрольні суми SHA-256» of the files a dataset page shows (one version's), so a reader can check
 * a download. The sums come from `datasetFiles.sums` (the page's prefetch asks for the same input).
 */
import type { FileRef } from '../../../shared/content/fields';
import { useSharedStrings } from '../../lib/sharedStrings';
import { trpc } from '../../lib/trpc';
import { TableScroll } from '../TableScroll';

export function FileChecksums({
  files,
  input,
}: {
  files: FileRef[];
  input: { slug: string; version?: string; preview?: true };
}) {
  const [sums] = trpc.datasetFiles.sums.useSuspenseQuery(input);
  const mark = useSharedStrings();
  const byPath = new Map(sums.map((s) => [s.path, s.sha256]));
  const rows = files.filter((f) => byPath.get(f.path));
  if (!rows.length) return null;
  return (
    <section aria-labelledby="checksums-title">
      <h2 id="checksums-title">Контрольні суми SHA-256</h2>
      <TableScroll labelledBy="checksums-title">
        <table className="data-table checksums">
          <thead>
            <tr>
              <th scope="col">Файл</th>
              <th scope="col">SHA-256</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((f) => (
              <tr key={f.path}>
                <td data-s={mark('t', f.name)}>{f.name}</td>
                <td>
                  <code className="sha256">{byPath.get(f.path)}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}
