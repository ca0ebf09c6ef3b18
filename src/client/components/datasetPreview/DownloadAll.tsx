/** «Завантажити все»: the link to the ZIP of a dataset version's files with their SHA-256 sums. */
import { datasetZipPath } from '../../../shared/datasetPreview';

/** «файл», «файли» or «файлів» after `n` (Ukrainian plural forms). */
function files(n: number): string {
  const [ten, hundred] = [n % 10, n % 100];
  if (ten === 1 && hundred !== 11) return 'файл';
  return ten >= 2 && ten <= 4 && (hundred < 12 || hundred > 14) ? 'файли' : 'файлів';
}

export function DownloadAll({ slug, version, count }: { slug: string; version?: string; count: number }) {
  if (count < 1) return null;
  return (
    <p className="download-all">
      <a href={datasetZipPath(slug, version)} download>
        Завантажити все
      </a>{' '}
      (ZIP: {count} {files(count)} і SHA256SUMS.txt з контрольними сумами SHA-256)
    </p>
  );
}
