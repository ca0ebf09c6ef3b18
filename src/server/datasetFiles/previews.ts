/**
 * Previews of a dataset's files (any version's list of file references): CSV tables and charts
 * (csvPreview.ts) and NetCDF headers (netcdfHeader.ts), read through the object-store port in
 * bounded ranges (CSV: its first CSV_HEAD_BYTES and last CSV_TAIL_BYTES; NetCDF: its header and a
 * few values). Kept in memory per object generation, so a rewritten file is read again and an
 * unchanged one never twice. A file that cannot be read gets an error preview, never an exception.
 */
import { LRUCache } from 'lru-cache';
import type { FileRef } from '../../shared/content/fields';
import { PREVIEW_ERROR_PREFIX, type CsvChartData, type FilePreview } from '../../shared/datasetPreview';
import type { ObjectStorePort } from '../storage/port';
import { csvPreview, type CsvParsed } from './csvPreview';
import { netcdfPreview, type ByteSource } from './netcdfHeader';
import { PreviewFailure } from './previewFailure';

export const CSV_HEAD_BYTES = 64 * 1024;
export const CSV_TAIL_BYTES = 4 * 1024;

/** The previewable format of a file, from its content type or name; null for anything else. */
export function previewFormatOf(file: Pick<FileRef, 'name' | 'contentType'>): FilePreview['format'] | null {
  const type = file.contentType.toLowerCase();
  const name = file.name.toLowerCase();
  if (type === 'text/csv' || name.endsWith('.csv')) return 'csv';
  if (/^application\/(x-)?netcdf$/.test(type) || /\.(nc|nc3|cdf)$/.test(name)) return 'netcdf';
  return null;
}

async function collect(stream: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** What is kept per object generation: the preview, and a CSV file's chart values. */
interface Made {
  preview: FilePreview['preview'];
  chart?: Pick<CsvParsed, 'x' | 'values'>;
}

export class DatasetPreviews {
  private readonly cache = new LRUCache<string, Promise<Made>>({ max: 500 });

  constructor(private readonly objects: ObjectStorePort) {}

  /** The previews of the CSV and NetCDF files among `files`, in their order. */
  async previewsOf(files: readonly FileRef[]): Promise<FilePreview[]> {
    const out: FilePreview[] = [];
    for (const file of files) {
      const format = previewFormatOf(file);
      if (format) {
        out.push({ path: file.path, name: file.name, format, preview: (await this.made(file.path, format)).preview });
      }
    }
    return out;
  }

  /** The chart values of `column` of the CSV file at `path` among `files`; null when there is no such file or column. */
  async chart(files: readonly FileRef[], path: string, column: string): Promise<CsvChartData | null> {
    const file = files.find((f) => f.path === path);
    if (!file || previewFormatOf(file) !== 'csv') return null;
    const { chart } = await this.made(path, 'csv');
    const y = chart?.values.get(column);
    return chart && y ? { x: chart.x, y } : null;
  }

  private async made(path: string, format: FilePreview['format']): Promise<Made> {
    try {
      const stat = await this.objects.stat(path);
      if (!stat) return { preview: failed('файлу немає у сховищі') };
      const key = `${format}\n${path}\n${stat.generation}`;
      let made = this.cache.get(key);
      if (!made) {
        made = this.make(path, stat.size, format);
        this.cache.set(key, made);
        // Not kept: a read that failed (the store did not answer) is tried again next time.
        made.catch(() => this.cache.delete(key));
      }
      return await made;
    } catch {
      return { preview: failed('файл пошкоджено або сховище файлів не відповідає') };
    }
  }

  private async make(path: string, size: number, format: FilePreview['format']): Promise<Made> {
    const src: ByteSource = {
      size,
      read: async (start, end) =>
        end > start && start < size
          ? collect(await this.objects.stream(path, { start, end: Math.min(end, size) - 1 }))
          : Buffer.alloc(0),
    };
    try {
      if (format === 'netcdf') return { preview: await netcdfPreview(src) };
      const complete = size <= CSV_HEAD_BYTES;
      const { preview, x, values } = csvPreview({
        head: await src.read(0, Math.min(size, CSV_HEAD_BYTES)),
        complete,
        ...(complete ? {} : { tail: await src.read(Math.max(CSV_HEAD_BYTES, size - CSV_TAIL_BYTES), size) }),
      });
      return { preview, chart: { x, values } };
    } catch (err) {
      if (err instanceof PreviewFailure) return { preview: failed(err.reason) };
      throw err;
    }
  }
}

const failed = (reason: string): FilePreview['preview'] => ({
  kind: 'error',
  message: `${PREVIEW_ERROR_PREFIX}${reason}`,
});
