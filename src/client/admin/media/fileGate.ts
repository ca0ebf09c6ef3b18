/**
 * The check a file or image field (and the library's picker) makes before uploading: a chosen file
 * is taken only when the field takes its type, judged by its name, declared type and first bytes
 * (shared/imageFiles.ts for images, shared/documentFiles.ts for PDF, attachment and dataset
 * fields), so a renamed text file or an .exe is refused in the browser and nothing is stored. The
 * server's content schemas refuse the same names and types. Taken files of a listed format are
 * passed on with that format's own type (a .nc the browser does not know becomes application/x-netcdf).
 */
import type { FileRef } from '../../../shared/content/fields';
import { acceptAttribute, fileRefusal, storedTypeOf, type FileKind } from '../../../shared/documentFiles';
import { FILE_HEAD_BYTES } from '../../../shared/fileSignatures';
import {
  isSiteImageType,
  looksLikeSiteImage,
  NOT_AN_IMAGE_MESSAGE,
  SITE_IMAGE_TYPES,
} from '../../../shared/imageFiles';

/** What a picker takes: images, the files of a field kind, or anything (the media library itself). */
export type FileAccept = 'image' | FileKind | 'any';

/** The file input's `accept` attribute (a hint to the browser's dialog; the check below decides). */
export function acceptAttributeOf(accept: FileAccept): string | undefined {
  if (accept === 'any') return undefined;
  return accept === 'image' ? SITE_IMAGE_TYPES.join(',') : acceptAttribute(accept);
}

/** Whether a stored file may be picked for `accept` (by its name and stored type, as the server checks). */
export function takesStoredFile(accept: FileAccept, file: FileRef): boolean {
  if (accept === 'any') return true;
  if (accept === 'image') return isSiteImageType(file.contentType);
  return fileRefusal(accept, file.name, file.contentType) === null;
}

/** Why `accept` refuses `file` (null when it takes it); reads its first FILE_HEAD_BYTES bytes. */
async function refusalOf(file: File, accept: FileAccept): Promise<string | null> {
  if (accept === 'any') return null;
  const head = new Uint8Array(await file.slice(0, FILE_HEAD_BYTES).arrayBuffer());
  if (accept === 'image') return file.type && looksLikeSiteImage(file.type, head) ? null : NOT_AN_IMAGE_MESSAGE;
  return fileRefusal(accept, file.name, file.type, head);
}

/** `file` with the type it is stored with (the same File when that is its own type). */
function withStoredType(file: File, accept: FileAccept): File {
  if (accept === 'any' || accept === 'image') return file;
  const type = storedTypeOf(accept, file.name, file.type);
  return type === file.type ? file : new File([file], file.name, { type, lastModified: file.lastModified });
}

/**
 * The chosen files split into those to upload and the message for the refused ones (null when none
 * was refused), one sentence per reason, e.g. «Файл doc.exe не завантажено. Цей тип файлу не
 * приймається: .exe. Дозволено: …».
 */
export async function splitChosenFiles(
  files: File[],
  accept: FileAccept,
): Promise<{ accepted: File[]; refusal: string | null }> {
  const checked = await Promise.all(files.map(async (file) => ({ file, refusal: await refusalOf(file, accept) })));
  const byReason = new Map<string, string[]>();
  for (const { file, refusal } of checked)
    if (refusal) byReason.set(refusal, [...(byReason.get(refusal) ?? []), file.name]);
  const sentences = [...byReason].map(
    ([reason, names]) => `${names.length === 1 ? 'Файл' : 'Файли'} ${names.join(', ')} не завантажено. ${reason}`,
  );
  return {
    accepted: checked.filter((c) => !c.refusal).map((c) => withStoredType(c.file, accept)),
    refusal: sentences.length ? sentences.join(' ') : null,
  };
}
