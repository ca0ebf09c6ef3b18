/**
 * Which files a file field (not an image field) takes, by the field's kind:
 * - `pdf`: «Повний текст (PDF)» fields: PDF only;
 * - `document`: attachments («Файли»): what an institute publishes (office documents, PDF, text and
 *   tables, archives, NetCDF, JSON/XML, images). SVG is on the list: downloads are served as
 *   `attachment` with a sandboxing CSP (server/storage/inline.ts), so its script never runs as the site;
 * - `data`: a dataset's files: any format a data repository may hold, but never a program or a web page.
 * A file is taken when its extension is one of a listed format's and its declared type is that
 * format's (or the generic `application/octet-stream` of a browser that does not know the format);
 * in the admin its first bytes must also be the format's (shared/fileSignatures.ts). Pure: the
 * content schemas (fields.ts) and the admin's file gate (client/admin/media/fileGate.ts) share it.
 */
import { mediaTypeOf, SIGNATURES } from './fileSignatures';

/** What a file field accepts (see the module comment). */
export type FileKind = 'pdf' | 'document' | 'data';

/** One accepted format: its name for people, its extensions (lower case) and media types (the first is stored). */
interface FileFormat {
  label: string;
  extensions: readonly string[];
  types: readonly string[];
  signature: keyof typeof SIGNATURES;
}

const f = (label: string, extensions: string[], types: string[], signature: FileFormat['signature']): FileFormat => ({
  label,
  extensions,
  types,
  signature,
});

const OOXML = 'application/vnd.openxmlformats-officedocument.';
const ODF = 'application/vnd.oasis.opendocument.';
const PDF = f('PDF', ['pdf'], ['application/pdf'], 'pdf');

/** The formats of attachments («Файли»), in the order the refusal message lists them. */
const DOCUMENT_FORMATS: readonly FileFormat[] = [
  PDF,
  f('DOC', ['doc'], ['application/msword'], 'ole2'),
  f('DOCX', ['docx'], [`${OOXML}wordprocessingml.document`], 'zip'),
  f('XLS', ['xls'], ['application/vnd.ms-excel'], 'ole2'),
  f('XLSX', ['xlsx'], [`${OOXML}spreadsheetml.sheet`], 'zip'),
  f('PPT', ['ppt'], ['application/vnd.ms-powerpoint'], 'ole2'),
  f('PPTX', ['pptx'], [`${OOXML}presentationml.presentation`], 'zip'),
  f('ODT', ['odt'], [`${ODF}text`], 'zip'),
  f('ODS', ['ods'], [`${ODF}spreadsheet`], 'zip'),
  f('ODP', ['odp'], [`${ODF}presentation`], 'zip'),
  f('RTF', ['rtf'], ['application/rtf', 'text/rtf'], 'rtf'),
  f('TXT', ['txt'], ['text/plain'], 'text'),
  // Windows with Excel installed reports .csv as application/vnd.ms-excel.
  f('CSV', ['csv'], ['text/csv', 'application/csv', 'application/vnd.ms-excel'], 'text'),
  f('JSON', ['json'], ['application/json'], 'text'),
  f('XML', ['xml'], ['application/xml', 'text/xml'], 'text'),
  f('ZIP', ['zip'], ['application/zip', 'application/x-zip-compressed'], 'zip'),
  f('7Z', ['7z'], ['application/x-7z-compressed'], 'sevenZip'),
  f('GZ', ['gz', 'tgz'], ['application/gzip', 'application/x-gzip', 'application/x-compressed-tar'], 'gzip'),
  f('TAR', ['tar'], ['application/x-tar'], 'tar'),
  f('NetCDF', ['nc'], ['application/x-netcdf', 'application/netcdf'], 'netcdf'),
  f('JPEG', ['jpg', 'jpeg'], ['image/jpeg'], 'jpeg'),
  f('PNG', ['png'], ['image/png'], 'png'),
  f('WebP', ['webp'], ['image/webp'], 'webp'),
  f('GIF', ['gif'], ['image/gif'], 'gif'),
  f('SVG', ['svg'], ['image/svg+xml'], 'svg'),
];

/** Extensions a dataset file may not have: programs, scripts and web pages. */
const PROGRAM_EXTENSIONS = new Set(
  'exe msi msp com scr pif cpl dll sys bat cmd ps1 psm1 vbs vbe js mjs jse wsf wsh hta lnk reg jar apk app dmg deb rpm sh bash run html htm xhtml shtml php asp aspx jsp'.split(
    ' ',
  ),
);

/** Media types a dataset file may not have (programs, scripts, web pages). */
const PROGRAM_TYPES = new Set([
  'application/x-msdownload',
  'application/x-ms-dos-executable',
  'application/x-msdos-program',
  'application/vnd.microsoft.portable-executable',
  'application/x-dosexec',
  'application/x-executable',
  'application/x-sharedlib',
  'application/x-msi',
  'application/x-ms-installer',
  'application/x-sh',
  'application/x-shellscript',
  'application/java-archive',
  'application/vnd.android.package-archive',
  'application/javascript',
  'text/javascript',
  'text/html',
  'application/xhtml+xml',
  'application/x-httpd-php',
]);

/** The type of a file whose format the browser does not know. */
const UNKNOWN_TYPE = 'application/octet-stream';

const FORMATS: Readonly<Record<Exclude<FileKind, 'data'>, readonly FileFormat[]>> = {
  pdf: [PDF],
  document: DOCUMENT_FORMATS,
};

/** A file name's extension, lower case without the dot ('' when it has none). */
export function extensionOf(name: string): string {
  return /\.([^./\\]{1,10})$/.exec(name)?.[1]?.toLowerCase() ?? '';
}

/** The listed format a file named `name` claims by its extension. */
function formatOf(kind: Exclude<FileKind, 'data'>, name: string): FileFormat | undefined {
  const ext = extensionOf(name);
  return FORMATS[kind].find((format) => format.extensions.includes(ext));
}

/** The message for a file of a type the field does not take, e.g. «Цей тип файлу не приймається: .exe. Дозволено: PDF, …». */
function wrongTypeMessage(kind: FileKind, name: string): string {
  const ext = extensionOf(name);
  if (kind === 'pdf') return 'Оберіть файл PDF';
  const what = ext ? `.${ext}` : 'файл без розширення';
  if (kind === 'data') return `Програми та вебсторінки не приймаються: ${what}`;
  return `Цей тип файлу не приймається: ${what}. Дозволено: ${DOCUMENT_FORMATS.map((x) => x.label).join(', ')}`;
}

/** Whether a declared type is one of the format's, or the unknown type. */
function typeFits(format: FileFormat, contentType: string): boolean {
  const type = mediaTypeOf(contentType);
  return type === UNKNOWN_TYPE || format.types.includes(type);
}

/**
 * Why a field of `kind` refuses a file named `name` declared as `contentType` (null when it takes
 * it). With `head` (the file's first FILE_HEAD_BYTES bytes, in the admin) the bytes must also be
 * the format's; a browser's empty type counts as unknown. The server (no bytes) checks name and type.
 */
export function fileRefusal(kind: FileKind, name: string, contentType: string, head?: Uint8Array): string | null {
  const type = mediaTypeOf(contentType) || UNKNOWN_TYPE;
  if (kind === 'data') {
    const program = PROGRAM_EXTENSIONS.has(extensionOf(name)) || PROGRAM_TYPES.has(type);
    return program || (head && SIGNATURES.program(head)) ? wrongTypeMessage(kind, name) : null;
  }
  const format = formatOf(kind, name);
  if (!format) return wrongTypeMessage(kind, name);
  if (!typeFits(format, type))
    return kind === 'pdf' ? 'Оберіть файл PDF' : `Тип файлу (${type}) не відповідає розширенню .${extensionOf(name)}`;
  if (head && !SIGNATURES[format.signature](head))
    return `Вміст файлу не відповідає розширенню .${extensionOf(name)}: оберіть справжній файл ${format.label}`;
  return null;
}

/**
 * The Content-Type to store a file of `kind` with: the format's own type when the browser gave an
 * alias or none (so a .nc is stored as application/x-netcdf, a .csv as text/csv; dataset files of
 * those formats too); else as declared.
 */
export function storedTypeOf(kind: FileKind, name: string, declared: string): string {
  const format = formatOf(kind === 'data' ? 'document' : kind, name);
  if (format) return format.types[0]!;
  return declared || UNKNOWN_TYPE;
}

/** The `accept` attribute of a file input for `kind` (extensions and types; none for datasets). */
export function acceptAttribute(kind: FileKind): string | undefined {
  if (kind === 'data') return undefined;
  return FORMATS[kind].flatMap((x) => [...x.extensions.map((e) => `.${e}`), ...x.types]).join(',');
}
