/** The intrinsic pixel size of an image at `url`, read by the browser (null when it cannot decode it). */
export async function imageSize(url: string): Promise<{ width: number; height: number } | null> {
  const img = new window.Image();
  img.src = url;
  try {
    await img.decode();
  } catch {
    return null;
  }
  return img.naturalWidth > 0 && img.naturalHeight > 0 ? { width: img.naturalWidth, height: img.naturalHeight } : null;
}
