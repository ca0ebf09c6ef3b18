/**
 * The header of a NetCDF classic or 64-bit offset file (CDF-1, CDF-2) read with netcdfjs
 * (https://github.com/cheminfo/netcdfjs, MIT), from its first bytes only: the header is read from a
 * prefix of HEADER_FIRST_BYTES, doubled up to HEADER_MAX_BYTES while it is longer. The time and
 * bounding-box coverage come from the first and last values of the coordinate variables (CF
 * conventions: coordinate variables are monotonic), each read as a few bytes at its offset. A file
 * whose header cannot be read, or whose variables lie past its end (truncated), throws a
 * PreviewFailure.
 */
import { NetCDFReader } from 'netcdfjs';
import type { NetcdfPreview } from '../../shared/datasetPreview';
import { PreviewFailure } from './previewFailure';
import { timeCoverage } from './netcdfTime';

/** Reads bytes [start, end) of the file. */
export interface ByteSource {
  /** Bytes of the whole file. */
  size: number;
  read(start: number, end: number): Promise<Buffer>;
}

export const HEADER_FIRST_BYTES = 64 * 1024;
export const HEADER_MAX_BYTES = 1024 * 1024;

type Header = NetCDFReader['header'];
type Variable = Header['variables'][number];
interface Attribute {
  name: string;
  type: string;
  value: unknown;
}

const TYPE_BYTES: Record<string, number> = { byte: 1, char: 1, short: 2, int: 4, float: 4, double: 8 };

/** The parsed header, reading more of the file while the header runs past what was read. */
async function readHeader(src: ByteSource): Promise<Header> {
  let length = Math.min(src.size, HEADER_FIRST_BYTES);
  for (;;) {
    const bytes = await src.read(0, length);
    if (bytes.subarray(0, 4).toString('latin1') === '\x89HDF') {
      throw new PreviewFailure('це файл NetCDF-4 (HDF5); перегляд показує заголовки лише класичних файлів NetCDF');
    }
    if (bytes.subarray(0, 3).toString('latin1') !== 'CDF') {
      throw new PreviewFailure('це не файл NetCDF (на початку немає підпису «CDF»)');
    }
    try {
      return new NetCDFReader(bytes).header;
    } catch (err) {
      const pastEnd = err instanceof RangeError || /outside the bounds|offset/i.test(String(err));
      if (pastEnd && length < src.size && length < HEADER_MAX_BYTES) {
        length = Math.min(src.size, length * 2, HEADER_MAX_BYTES);
        continue;
      }
      if (/unknown version/i.test(String(err))) throw new PreviewFailure('невідома версія формату NetCDF');
      throw new PreviewFailure(
        pastEnd ? 'заголовок файлу неповний — файл обрізано' : 'заголовок файлу NetCDF пошкоджено',
      );
    }
  }
}

/** An attribute's value as text. */
function text(value: unknown): string {
  if (Array.isArray(value)) return value.map(text).join(', ');
  return typeof value === 'string' ? value.replace(/\0+$/, '') : String(value);
}

const attr = (v: Variable, name: string): string => {
  const a = (v.attributes as Attribute[]).find((x) => x.name === name);
  return a ? text(a.value) : '';
};

/** Bytes of a variable's data (one record's for a record variable), unpadded. */
function dataBytes(v: Variable, header: Header): number {
  const dims = v.record ? v.dimensions.slice(1) : v.dimensions;
  return dims.reduce((n, id) => n * (header.dimensions[id]?.size ?? 0), TYPE_BYTES[v.type] ?? 1);
}

/** Throws when a variable's data lies past the end of the file or names a dimension that does not exist. */
function checkExtent(header: Header, size: number): void {
  const records = header.recordDimension.length;
  for (const v of header.variables) {
    if (v.dimensions.some((id) => !header.dimensions[id])) {
      throw new PreviewFailure(`змінна «${v.name}» посилається на вимір, якого немає — заголовок пошкоджено`);
    }
    const bytes = dataBytes(v, header);
    const end = v.record
      ? records > 0
        ? v.offset + (records - 1) * (header.recordDimension.recordStep ?? 0) + bytes
        : 0
      : v.offset + bytes;
    if (end > size) {
      throw new PreviewFailure(
        `дані змінної «${v.name}» виходять за кінець файлу (${end} байтів із ${size}) — файл обрізано`,
      );
    }
  }
}

/** Reads the value `index` of a one-dimensional variable. */
/**
 * A float32 value as the shortest decimal that reads back as the same float32 (30.9, not the
 * double 30.899999618530273 it widens to): the number the file's author wrote.
 */
export function float32Decimal(x: number): number {
  if (!Number.isFinite(x)) return x;
  for (let digits = 1; digits < 9; digits++) {
    const shortest = Number(x.toPrecision(digits));
    if (Math.fround(shortest) === x) return shortest;
  }
  return Number(x.toPrecision(9));
}

async function valueAt(src: ByteSource, header: Header, v: Variable, index: number): Promise<number> {
  const width = TYPE_BYTES[v.type] ?? 1;
  const at = v.record ? v.offset + index * (header.recordDimension.recordStep ?? 0) : v.offset + index * width;
  const b = await src.read(at, at + width);
  if (b.length < width)
    throw new PreviewFailure(`значення змінної «${v.name}» виходять за кінець файлу — файл обрізано`);
  switch (v.type) {
    case 'byte':
      return b.readInt8(0);
    case 'short':
      return b.readInt16BE(0);
    case 'int':
      return b.readInt32BE(0);
    case 'float':
      return float32Decimal(b.readFloatBE(0));
    case 'double':
      return b.readDoubleBE(0);
    default:
      return NaN;
  }
}

/** The coordinate variable (one dimension of its own name) that `is` picks, with its length. */
function coordinate(header: Header, is: (v: Variable) => boolean): { v: Variable; length: number } | null {
  for (const v of header.variables) {
    const dim = v.dimensions.length === 1 ? header.dimensions[v.dimensions[0]!] : undefined;
    if (!dim || dim.name !== v.name || v.type === 'char' || !is(v)) continue;
    const length = v.record ? header.recordDimension.length : dim.size;
    if (length > 0) return { v, length };
  }
  return null;
}

/** First and last values of a coordinate variable. */
async function ends(src: ByteSource, header: Header, c: { v: Variable; length: number }): Promise<[number, number]> {
  return [await valueAt(src, header, c.v, 0), await valueAt(src, header, c.v, c.length - 1)];
}

const isAxis = (v: Variable, standard: string, units: RegExp, axis: string) =>
  attr(v, 'standard_name') === standard || units.test(attr(v, 'units')) || attr(v, 'axis') === axis;

async function boundingBox(src: ByteSource, header: Header): Promise<NetcdfPreview['bbox']> {
  const lat = coordinate(header, (v) => isAxis(v, 'latitude', /^degrees?_?n(orth)?$/i, 'Y'));
  const lon = coordinate(header, (v) => isAxis(v, 'longitude', /^degrees?_?e(ast)?$/i, 'X'));
  if (!lat || !lon) return null;
  const [la, lo] = [await ends(src, header, lat), await ends(src, header, lon)];
  return { west: Math.min(...lo), east: Math.max(...lo), south: Math.min(...la), north: Math.max(...la) };
}

async function time(src: ByteSource, header: Header): Promise<NetcdfPreview['time']> {
  const t = coordinate(header, (v) => isAxis(v, 'time', /\bsince\b/i, 'T'));
  if (!t) return null;
  const [first, last] = await ends(src, header, t);
  return timeCoverage(first, last, t.length, attr(t.v, 'units'), attr(t.v, 'calendar'));
}

/** The header and coverage of a NetCDF classic file (throws PreviewFailure). */
export async function netcdfPreview(src: ByteSource): Promise<NetcdfPreview> {
  if (src.size < 4) throw new PreviewFailure('файл порожній або обрізаний');
  const header = await readHeader(src);
  header.dimensions ??= [];
  header.variables ??= [];
  header.globalAttributes ??= [];
  checkExtent(header, src.size);
  const records = header.recordDimension.length;
  return {
    kind: 'netcdf',
    format: header.version === 2 ? '64-bit offset format' : 'classic format',
    dimensions: header.dimensions.map((d, i) => ({
      name: d.name,
      size: i === header.recordDimension.id ? records : d.size,
      unlimited: i === header.recordDimension.id,
    })),
    variables: header.variables.map((v) => ({
      name: v.name,
      dimensions: v.dimensions.map((id) => header.dimensions[id]!.name),
      type: v.type,
      units: attr(v, 'units'),
      standardName: attr(v, 'standard_name'),
      longName: attr(v, 'long_name'),
    })),
    attributes: header.globalAttributes.map((a) => ({ name: a.name, value: text(a.value) })),
    time: await time(src, header),
    bbox: await boundingBox(src, header),
  };
}
