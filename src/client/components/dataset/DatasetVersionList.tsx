/**
 * «Версії набору»: every version of a dataset, the current one first, each linked to its own page
 * (`/data_repo/{slug}/v/{label}`) with its date, DOI and notes; the version the page shows is marked.
 */
import type { PublicDocument } from '../../../shared/content/registry';
import { datasetVersionPath, datasetVersions } from '../../../shared/content/datasetVersions';
import { useFormats } from '../../lib/formats';
import { useSharedStrings } from '../../lib/sharedStrings';
import { TableScroll } from '../TableScroll';

export function DatasetVersionList({ dataset, shown }: { dataset: PublicDocument<'dataRepo'>; shown?: string }) {
  const formats = useFormats();
  const mark = useSharedStrings();
  const versions = datasetVersions(dataset);
  if (!versions.length) return null;
  return (
    <section aria-labelledby="versions-title">
      <h2 id="versions-title">Версії набору</h2>
      <TableScroll labelledBy="versions-title">
        <table className="data-table versions">
          <thead>
            <tr>
              <th scope="col">Версія</th>
              <th scope="col">Дата</th>
              <th scope="col">DOI</th>
              <th scope="col">Зміни</th>
            </tr>
          </thead>
          <tbody>
            {versions.map((v) => (
              <tr key={v.version}>
                <th scope="row">
                  <a
                    href={datasetVersionPath(dataset.slug, v.version)}
                    aria-current={v.version === shown ? 'page' : undefined}
                  >
                    {v.version}
                  </a>
                  {v.current ? ' (поточна)' : ''}
                </th>
                <td>{v.date ? <time dateTime={v.date}>{formats.date(v.date)}</time> : ''}</td>
                <td>{v.doi ? <a href={`https://doi.org/${v.doi}`}>{v.doi}</a> : ''}</td>
                <td data-s={mark('t', v.notes)}>{v.notes}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}

/** On an earlier version's page: «Існує новіша версія …», linking the dataset's page (its current version). */
export function NewerVersionNotice({
  dataset,
  shown,
}: {
  dataset: PublicDocument<'dataRepo'>;
  shown: { version: string; current: boolean } | null;
}) {
  const [current] = datasetVersions(dataset);
  if (!shown || shown.current || !current) return null;
  return (
    <p className="notice" role="note">
      Існує новіша версія цього набору даних: <a href={`/data_repo/${dataset.slug}`}>версія {current.version}</a>. На
      цій сторінці — версія {shown.version}; її файли й метадані не змінюються.
    </p>
  );
}
