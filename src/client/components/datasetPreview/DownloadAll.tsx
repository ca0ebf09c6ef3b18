/** «Завантажити все»: the link to the ZIP of a dataset version's files with their SHA-256 sums. */
import { datasetZipPath } from '../../../shared/datasetPreview';
import { plural } from './chartText';

export function DownloadAll({ slug, version, count }: { slug: string; version?: string; count: number }) {
  if (count < 1) return null;
  return (
    <p className="download-all">
      <a href={datasetZipPath(slug, version)} download>
        Завантажити все
      </a>{' '}
      (ZIP: {plural(count, ['файл', 'файли', 'файлів'])} і SHA256SUMS.txt з контрольними сумами SHA-256)
    </p>
  );
}
