/**
 * A minimal writer of NetCDF classic files (CDF-1, "netCDF-3 classic"), for the seed's dataset
 * samples. No maintained npm package writes NetCDF (readers such as netcdfjs only read), and the
 * classic format is small, so it is written here by its specification: Unidata, "The NetCDF Classic
 * Format Specification" (NetCDF Users Guide, Appendix B, File Format Specifications,
 * https://docs.unidata.ucar.edu/netcdf-c/current/file_format_specifications.html).
 *
 *   netcdf_file = header data
 *   header      = magic numrecs dim_list gatt_list var_list      magic = 'C' 'D' 'F' \x01
 *   dim_list    = ABSENT | NC_DIMENSION nelems [dim ...]         dim   = name dim_length
 *   gatt_list   = ABSENT | NC_ATTRIBUTE nelems [attr ...]        attr  = name nc_type nelems [values ...]
 *   var_list    = ABSENT | NC_VARIABLE nelems [var ...]
 *   var         = name nelems [dimid ...] vatt_list nc_type vsize begin   (begin: 32-bit offset in CDF-1)
 *   name        = nelems namestring (padded to 4 bytes)          ABSENT = ZERO ZERO
 *
 * All integers and values are big-endian; every name, attribute value and variable's data is padded
 * to a multiple of 4 bytes. Only fixed-size variables are written (no record dimension; numrecs 0),
 * which is what the samples need. Types: NC_CHAR text, NC_INT, NC_FLOAT and NC_DOUBLE numbers.
 */

const NC_DIMENSION = 0x0a;
const NC_VARIABLE = 0x0b;
const NC_ATTRIBUTE = 0x0c;

const TYPES = {
  char: { code: 2, size: 1 },
  int: { code: 4, size: 4 },
  float: { code: 5, size: 4 },
  double: { code: 6, size: 8 },
} as const;
export type NcType = keyof typeof TYPES;

/** An attribute: text (NC_CHAR) or numbers of a given type. */
export type NcAttribute = string | { type: Exclude<NcType, 'char'>; values: number[] };

export interface NcVariable {
  name: string;
  /** Dimension names, slowest-varying first (C order). */
  dimensions: string[];
  type: Exclude<NcType, 'char'>;
  attributes?: Record<string, NcAttribute>;
  /** Values in C order; their count must be the product of the dimension lengths. */
  data: ArrayLike<number>;
}

export interface NcFile {
  /** Dimension names and lengths, in order (their index is the dimension id). */
  dimensions: Array<{ name: string; length: number }>;
  attributes?: Record<string, NcAttribute>;
  variables: NcVariable[];
}

const pad4 = (n: number) => (4 - (n % 4)) % 4;

/** A growing big-endian byte buffer. */
class Out {
  private chunks: Buffer[] = [];
  length = 0;
  push(buf: Buffer): void {
    this.chunks.push(buf);
    this.length += buf.length;
  }
  int(n: number): void {
    const b = Buffer.alloc(4);
    b.writeInt32BE(n);
    this.push(b);
  }
  padded(bytes: Buffer): void {
    this.push(bytes);
    if (pad4(bytes.length)) this.push(Buffer.alloc(pad4(bytes.length)));
  }
  name(text: string): void {
    const bytes = Buffer.from(text.normalize('NFC'), 'utf8');
    this.int(bytes.length);
    this.padded(bytes);
  }
  bytes(): Buffer {
    return Buffer.concat(this.chunks, this.length);
  }
}

function values(type: Exclude<NcType, 'char'>, data: ArrayLike<number>): Buffer {
  const size = TYPES[type].size;
  const buf = Buffer.alloc(data.length * size);
  for (let i = 0; i < data.length; i++) {
    const v = data[i]!;
    if (type === 'int') buf.writeInt32BE(v, i * size);
    else if (type === 'float') buf.writeFloatBE(v, i * size);
    else buf.writeDoubleBE(v, i * size);
  }
  return buf;
}

function attributeList(out: Out, attributes: Record<string, NcAttribute> | undefined): void {
  const entries = Object.entries(attributes ?? {});
  if (!entries.length) {
    out.int(0);
    out.int(0);
    return;
  }
  out.int(NC_ATTRIBUTE);
  out.int(entries.length);
  for (const [name, attr] of entries) {
    out.name(name);
    if (typeof attr === 'string') {
      const bytes = Buffer.from(attr, 'utf8');
      out.int(TYPES.char.code);
      out.int(bytes.length);
      out.padded(bytes);
    } else {
      out.int(TYPES[attr.type].code);
      out.int(attr.values.length);
      out.padded(values(attr.type, attr.values));
    }
  }
}

/** The bytes of a CDF-1 file. Throws when a variable names an unknown dimension or has the wrong number of values. */
export function writeNetcdf(file: NcFile): Buffer {
  const dimIndex = new Map(file.dimensions.map((d, i) => [d.name, i]));
  const layout = file.variables.map((v) => {
    const ids = v.dimensions.map((d) => {
      const id = dimIndex.get(d);
      if (id === undefined) throw new Error(`NetCDF variable ${v.name}: unknown dimension ${d}`);
      return id;
    });
    const count = ids.reduce((n, id) => n * file.dimensions[id]!.length, 1);
    if (count !== v.data.length)
      throw new Error(`NetCDF variable ${v.name}: ${v.data.length} values for ${count} cells`);
    const bytes = values(v.type, v.data);
    return { v, ids, bytes, vsize: bytes.length + pad4(bytes.length) };
  });

  // The header's size does not depend on the offsets (each `begin` is 4 bytes in CDF-1), so write it
  // once with zero offsets to measure it, then again with the real ones.
  const header = (begins: number[]): Buffer => {
    const out = new Out();
    out.push(Buffer.from([0x43, 0x44, 0x46, 0x01]));
    out.int(0); // numrecs: no record dimension
    if (file.dimensions.length) {
      out.int(NC_DIMENSION);
      out.int(file.dimensions.length);
      for (const d of file.dimensions) {
        out.name(d.name);
        out.int(d.length);
      }
    } else {
      out.int(0);
      out.int(0);
    }
    attributeList(out, file.attributes);
    if (layout.length) {
      out.int(NC_VARIABLE);
      out.int(layout.length);
      layout.forEach(({ v, ids, vsize }, i) => {
        out.name(v.name);
        out.int(ids.length);
        for (const id of ids) out.int(id);
        attributeList(out, v.attributes);
        out.int(TYPES[v.type].code);
        out.int(vsize);
        out.int(begins[i] ?? 0);
      });
    } else {
      out.int(0);
      out.int(0);
    }
    return out.bytes();
  };

  const headerSize = header([]).length;
  const begins: number[] = [];
  let offset = headerSize;
  for (const { vsize } of layout) {
    begins.push(offset);
    offset += vsize;
  }
  const out = new Out();
  out.push(header(begins));
  for (const { bytes } of layout) out.padded(bytes);
  return out.bytes();
}
