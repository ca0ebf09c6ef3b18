/**
 * SVG building blocks for the seed's images: a Drawing (size and markup), escaping, and text set as
 * glyph outlines with fontkit and DejaVu Sans, so the picture looks the same wherever it is
 * rasterised (sharp's SVG renderer would otherwise need the font installed on the machine).
 */
import fontkit from '@pdf-lib/fontkit';
import { dejaVu } from '../../pdf/fonts';

/** An SVG image of a given pixel size. */
export interface Drawing {
  width: number;
  height: number;
  svg: string;
}

type Font = ReturnType<typeof fontkit.create>;
const fonts = new Map<string, Font>();
function font(bold: boolean): Font {
  const file = bold ? 'DejaVuSans-Bold.ttf' : 'DejaVuSans.ttf';
  let f = fonts.get(file);
  if (!f) {
    f = fontkit.create(dejaVu(file));
    fonts.set(file, f);
  }
  return f;
}

/** Glyph outlines as SVG path data, by font and glyph id (the same digits and letters recur in every chart). */
const glyphPaths = new Map<string, string>();
function glyphPath(bold: boolean, glyph: { id: number; path: { toSVG(): string } }): string {
  const key = `${bold ? 'b' : 'r'}${glyph.id}`;
  let d = glyphPaths.get(key);
  if (d === undefined) {
    d = glyph.path.toSVG();
    glyphPaths.set(key, d);
  }
  return d;
}

/** Escapes text for an SVG attribute. */
export const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The width of `text` at `size` px. */
export function textWidth(text: string, size: number, bold = false): number {
  const f = font(bold);
  return (f.layout(text).advanceWidth * size) / f.unitsPerEm;
}

export interface TextOptions {
  size: number;
  fill?: string;
  bold?: boolean;
  anchor?: 'start' | 'middle' | 'end';
  /** Rotation in degrees about (x, y). */
  rotate?: number;
}

/** `text` as one `<path>` of glyph outlines with its baseline at (x, y). */
export function text(
  value: string,
  x: number,
  y: number,
  { size, fill = '#1d2b3a', bold = false, anchor = 'start', rotate }: TextOptions,
): string {
  const f = font(bold);
  const run = f.layout(value);
  const scale = size / f.unitsPerEm;
  const width = run.advanceWidth * scale;
  const startX = anchor === 'middle' ? -width / 2 : anchor === 'end' ? -width : 0;
  let pen = 0;
  const parts: string[] = [];
  run.glyphs.forEach((glyph, i) => {
    const d = glyphPath(bold, glyph);
    if (d)
      parts.push(
        `<path transform="translate(${(startX + pen * scale).toFixed(2)} 0) scale(${scale.toFixed(5)} ${(-scale).toFixed(5)})" d="${d}"/>`,
      );
    pen += run.positions[i]!.xAdvance;
  });
  const transform = `translate(${x.toFixed(2)} ${y.toFixed(2)})${rotate ? ` rotate(${rotate})` : ''}`;
  return `<g transform="${transform}" fill="${fill}">${parts.join('')}</g>`;
}

/** Lines of `value` no wider than `maxWidth` at `size` (words are never split). */
export function wrap(value: string, maxWidth: number, size: number, bold = false): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of value.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (line && textWidth(next, size, bold) > maxWidth) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** A complete SVG document. */
export function svgDocument(width: number, height: number, body: string, background = '#ffffff'): Drawing {
  return {
    width,
    height,
    svg: `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="100%" height="100%" fill="${background}"/>${body}</svg>`,
  };
}

/** A polyline/polygon `points` attribute. */
export const points = (pts: Array<[number, number]>) =>
  pts.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ');
