/**
 * «Перегляд файлів» of a dataset version (issue 28 item 6): each CSV file's first rows and chart,
 * each NetCDF file's header, or in place of a preview the Ukrainian reason a file could not be read.
 * The data comes from `datasetPreview.files`, prefetched with the page (prefetchDatasetPreviews), so
 * the server renders it; when it is missing (a staff preview of an unpublished dataset) nothing shows.
 */
import { useId } from 'react';
import type { FilePreview } from '../../../shared/datasetPreview';
import type { QueryUtils } from '../../lib/trpc';
import { trpc } from '../../lib/trpc';
import { CsvPreviewView } from './CsvPreviewView';
import { NetcdfHeaderView } from './NetcdfHeaderView';

const inputOf = (slug: string, version?: string) => (version ? { slug, version } : { slug });

/** For a page's prefetch: the previews of a version's files (a failure leaves the query empty, never fails the page). */
export function prefetchDatasetPreviews(utils: QueryUtils, slug: string, version?: string): Promise<void> {
  return utils.datasetPreview.files.prefetch(inputOf(slug, version));
}

function FilePreviewBlock({ file, slug, version }: { file: FilePreview; slug: string; version?: string }) {
  const id = useId();
  const p = file.preview;
  return (
    <div className="file-preview" aria-labelledby={id} role="group">
      <h3 id={id}>{file.name}</h3>
      {p.kind === 'error' ? (
        <p className="notice preview-error">{p.message}</p>
      ) : p.kind === 'csv' ? (
        <CsvPreviewView preview={p} fileName={file.name} source={{ ...inputOf(slug, version), path: file.path }} />
      ) : (
        <NetcdfHeaderView preview={p} />
      )}
    </div>
  );
}

export function DatasetPreviews({ slug, version }: { slug: string; version?: string }) {
  const id = useId();
  const { data: files } = trpc.datasetPreview.files.useQuery(inputOf(slug, version), { retry: false });
  if (!files?.length) return null;
  return (
    <section className="file-previews" aria-labelledby={id}>
      <h2 id={id}>Перегляд файлів</h2>
      {files.map((f) => (
        <FilePreviewBlock key={f.path} file={f} slug={slug} version={version} />
      ))}
    </section>
  );
}
