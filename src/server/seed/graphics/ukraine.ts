/**
 * A simplified outline of Ukraine (state border with Crimea, about 90 points, longitude/latitude),
 * the main rivers and the seas, for the seed's schematic maps. Drawn from general geographic
 * knowledge at a resolution of roughly 20–30 km: recognisable, not for measurement.
 */

export type LonLat = [number, number];

/** The state border, clockwise from the north-west (Polish–Belarusian junction), Crimea included. */
export const UKRAINE_BORDER: LonLat[] = [
  [23.63, 51.52],
  [24.4, 51.88],
  [25.3, 51.94],
  [26.2, 51.85],
  [27.2, 51.65],
  [27.85, 51.6],
  [28.7, 51.42],
  [29.35, 51.38],
  [30.17, 51.48],
  [30.55, 51.25],
  [30.64, 51.6],
  [31.2, 52.05],
  [31.8, 52.1],
  [32.35, 52.3],
  [33.2, 52.36],
  [33.85, 52.3],
  [34.4, 51.8],
  [34.2, 51.6],
  [35.05, 51.2],
  [35.4, 50.75],
  [35.7, 50.35],
  [36.3, 50.28],
  [36.9, 50.35],
  [37.5, 50.38],
  [38.0, 50.0],
  [38.3, 50.05],
  [38.9, 49.85],
  [39.25, 49.72],
  [40.1, 49.6],
  [40.15, 49.25],
  [39.7, 48.75],
  [39.95, 48.3],
  [39.75, 47.85],
  [39.0, 47.85],
  [38.3, 47.6],
  [38.2, 47.1],
  [37.55, 47.05],
  [36.9, 46.75],
  [36.25, 46.65],
  [35.5, 46.45],
  [35.05, 46.2],
  [34.8, 46.1],
  // Arabat spit and Crimea
  [35.35, 45.7],
  [35.8, 45.4],
  [36.6, 45.45],
  [36.45, 45.2],
  [35.9, 45.05],
  [35.4, 44.98],
  [34.75, 44.8],
  [34.2, 44.45],
  [33.7, 44.45],
  [33.4, 44.6],
  [33.55, 44.9],
  [33.45, 45.15],
  [33.0, 45.32],
  [32.5, 45.35],
  [32.75, 45.55],
  [33.6, 45.9],
  [33.35, 46.05],
  // Black Sea coast to the Danube
  [32.6, 46.1],
  [31.8, 46.3],
  [31.55, 46.58],
  [30.9, 46.55],
  [30.75, 46.42],
  [30.5, 46.05],
  [30.1, 45.85],
  [29.75, 45.6],
  [29.65, 45.25],
  [28.9, 45.3],
  [28.25, 45.45],
  // Moldova, Romania, Hungary, Slovakia, Poland
  [28.55, 45.9],
  [28.95, 46.45],
  [29.9, 46.55],
  [29.95, 46.85],
  [29.6, 47.35],
  [29.2, 47.55],
  [29.15, 47.95],
  [28.7, 48.12],
  [27.75, 48.45],
  [27.0, 48.35],
  [26.6, 48.25],
  [26.2, 47.98],
  [25.3, 47.9],
  [24.65, 47.95],
  [23.95, 47.95],
  [23.2, 48.1],
  [22.6, 48.1],
  [22.15, 48.4],
  [22.55, 49.08],
  [22.75, 49.6],
  [23.4, 50.25],
  [24.1, 50.7],
  [23.95, 51.2],
];

/** Rivers as polylines, source to mouth (simplified). */
export const RIVERS: Record<'dnipro' | 'dniester' | 'southernBug' | 'desna' | 'siverskyiDonets' | 'danube', LonLat[]> =
  {
    dnipro: [
      [30.64, 51.6],
      [30.55, 51.0],
      [30.55, 50.45],
      [31.2, 50.0],
      [31.95, 49.65],
      [32.5, 49.3],
      [33.4, 49.07],
      [34.2, 48.75],
      [34.9, 48.5],
      [35.1, 48.3],
      [35.15, 47.85],
      [34.6, 47.6],
      [33.9, 47.3],
      [33.3, 46.9],
      [32.6, 46.65],
      [32.1, 46.55],
      [31.6, 46.55],
    ],
    dniester: [
      [23.0, 49.4],
      [23.9, 49.3],
      [24.7, 49.0],
      [25.5, 48.8],
      [26.6, 48.55],
      [27.6, 48.45],
      [28.5, 48.2],
      [29.1, 47.9],
      [29.55, 47.3],
      [29.9, 46.8],
      [30.2, 46.35],
      [30.3, 46.15],
    ],
    southernBug: [
      [26.9, 49.7],
      [27.8, 49.6],
      [28.6, 49.25],
      [29.2, 48.8],
      [29.9, 48.4],
      [30.8, 48.0],
      [31.2, 47.6],
      [31.9, 47.0],
      [31.95, 46.7],
    ],
    desna: [
      [33.9, 52.3],
      [33.3, 52.0],
      [32.7, 51.85],
      [32.0, 51.6],
      [31.3, 51.5],
      [30.9, 51.0],
      [30.6, 50.55],
    ],
    siverskyiDonets: [
      [36.6, 50.35],
      [36.7, 49.8],
      [37.3, 49.2],
      [37.6, 49.05],
      [38.2, 48.95],
      [38.9, 48.85],
      [39.5, 48.6],
      [39.9, 48.3],
    ],
    danube: [
      [28.25, 45.45],
      [28.9, 45.3],
      [29.65, 45.25],
    ],
  };

/** A projection of longitude/latitude into a box of pixels (equirectangular, scaled by cos 48.5°). */
export interface Projection {
  (p: LonLat): [number, number];
  scale: number;
}

/** Fits Ukraine (lon 22–40.3, lat 44.3–52.5) into a `width` × `height` box at (x0, y0). */
export function fitUkraine(x0: number, y0: number, width: number, height: number): Projection {
  const k = Math.cos((48.5 * Math.PI) / 180);
  const [lonMin, lonMax, latMin, latMax] = [22.0, 40.3, 44.3, 52.5];
  const scale = Math.min(width / ((lonMax - lonMin) * k), height / (latMax - latMin));
  const offX = x0 + (width - (lonMax - lonMin) * k * scale) / 2;
  const offY = y0 + (height - (latMax - latMin) * scale) / 2;
  const project = ((p: LonLat) => [offX + (p[0] - lonMin) * k * scale, offY + (latMax - p[1]) * scale]) as Projection;
  project.scale = scale;
  return project;
}
