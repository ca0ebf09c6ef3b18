/**
 * Parses an HTTP Range header (RFC 9110 section 14) for a single byte range.
 * Returns the inclusive range, 'unsatisfiable' (answer 416), or null (ignore: send the whole body).
 * A range whose last byte is before its first (`bytes=5-3`) is invalid (§14.1.1) and so ignored;
 * a suffix range of an empty representation has no byte to send and is unsatisfiable (§14.1.2).
 */
export function parseByteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null; // malformed or multi-range: whole body
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  if (m[2] !== '' && Number(m[2]) < start) return null; // invalid range: whole body
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}
