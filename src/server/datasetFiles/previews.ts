/**
 * Previews of a dataset's files (any version's list of file references): CSV tables and charts
 * (csvPreview.ts) and NetCDF headers (netcdfHeader.ts), read through the object-store port in
 * bounded ranges (CSV: its first CSV_HEAD_BYTES and last CSV_TAIL_BYTES; NetCDF: its header and a
 * few values). Kept in memory per object generation (bounded by bytes), so a rewritten file is read
 * again and an unchanged one not twice, a file that fails to parse included. A file that cannot be
 * read gets an error preview, never an exception.
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

/** A read from the object store failed: passing (the store did not answer), so its outcome is not kept. */
class StorageReadError extends Error {}

/** The bytes an entry is counted as: the JSON length of its preview and chart values. */
function sizeOf(made: Made): number {
  const chart = made.chart ? { x: made.chart.x, values: [...made.chart.values] } : null;
  return JSON.stringify({ preview: made.preview, chart }).length;
}

export interface DatasetPreviewsOptions {
  /** Bound of the kept previews, by their JSON length (default 16 MiB). */
  maxBytes?: number;
}

export class DatasetPreviews {
  private readonly cache: LRUCache<string, Made>;
  /** Previews being made, so parallel renders of a page read a file once. */
  private readonly pending = new Map<string, Promise<Made>>();

  constructor(
    private readonly objects: ObjectStorePort,
    options: DatasetPreviewsOptions = {},
  ) {
    this.cache = new LRUCache<string, Made>({ maxSize: options.maxBytes ?? 16 * 1024 * 1024, sizeCalculation: sizeOf });
  }

  /** Bytes the kept previews count as (their JSON length), at most `maxBytes`. */
  get keptBytes(): number {
    return this.cache.calculatedSize;
  }

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

  /**
   * The preview of a file's current generation: kept once made, whether a preview or a failure of
   * the file itself (the same bytes fail the same way); a failed read of the store is not kept.
   */
  private async made(path: string, format: FilePreview['format']): Promise<Made> {
    try {
      const stat = await this.objects.stat(path);
      if (!stat) return { preview: failed('файлу немає у сховищі') };
      const key = `${format}\n${path}\n${stat.generation}`;
      const kept = this.cache.get(key);
      if (kept) return kept;
      let made = this.pending.get(key);
      if (!made) {
        made = this.make(path, stat.size, format).then((m) => {
          this.cache.set(key, m);
          return m;
        });
        this.pending.set(key, made);
        void made.finally(() => this.pending.delete(key)).catch(() => undefined);
      }
      return await made;
    } catch {
      return { preview: failed('сховище файлів не відповідає, спробуйте пізніше') };
    }
  }

  /** Reads and parses a file; throws only StorageReadError. */
  private async make(path: string, size: number, format: FilePreview['format']): Promise<Made> {
    const src: ByteSource = {
      size,
      read: async (start, end) => {
        if (!(end > start && start < size)) return Buffer.alloc(0);
        try {
          return await collect(await this.objects.stream(path, { start, end: Math.min(end, size) - 1 }));
        } catch (err) {
          throw new StorageReadError(String(err));
        }
      },
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
      if (err instanceof StorageReadError) throw err;
      // Anything else the parsers throw comes from the bytes, so it is kept like a PreviewFailure.
      return { preview: failed('будову файлу не вдалося розібрати — файл пошкоджено або має незвичну будову') };
    }
  }
}

const failed = (reason: string): FilePreview['preview'] => ({
  kind: 'error',
  message: `${PREVIEW_ERROR_PREFIX}${reason}`,
});
