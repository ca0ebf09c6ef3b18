/**
 * The check an image field (and the library's picker for images) makes before uploading: a chosen
 * file is taken only when its declared type is an image type the site serves and its first bytes
 * are that format's (shared/imageFiles.ts), so a renamed text file or an .exe is refused in the
 * browser and nothing is stored. The server's image reference schema refuses other types as well.
 */
import { IMAGE_HEAD_BYTES, looksLikeSiteImage, NOT_AN_IMAGE_MESSAGE } from '../../../shared/imageFiles';

/** Whether `file` is an image an image field accepts (reads its first IMAGE_HEAD_BYTES bytes). */
export async function isSiteImageFile(file: File): Promise<boolean> {
  if (!file.type) return false;
  const head = new Uint8Array(await file.slice(0, IMAGE_HEAD_BYTES).arrayBuffer());
  return looksLikeSiteImage(file.type, head);
}

/**
 * The chosen files split into images to upload and the message for the refused ones (null when none
 * was refused), e.g. «Файл notes.png не завантажено. Цей файл не є зображенням: …».
 */
export async function splitImageFiles(files: File[]): Promise<{ images: File[]; refusal: string | null }> {
  const checked = await Promise.all(files.map(async (file) => ({ file, ok: await isSiteImageFile(file) })));
  const refused = checked.filter((c) => !c.ok).map((c) => c.file.name);
  return {
    images: checked.filter((c) => c.ok).map((c) => c.file),
    refusal: refused.length
      ? `${refused.length === 1 ? 'Файл' : 'Файли'} ${refused.join(', ')} не завантажено. ${NOT_AN_IMAGE_MESSAGE}`
      : null,
  };
}
