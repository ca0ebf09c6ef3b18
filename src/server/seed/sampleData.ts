/**
 * The seed's sample climate data: a set of Ukrainian meteorological stations (real places, with
 * approximate coordinates, elevations and WMO indices) and deterministic synthetic series for them:
 * monthly air temperature (min, max, mean) and precipitation for 1946–2020, daily values for one
 * year, and small 0.1° grids interpolated from the stations. The values are not observations: they
 * follow each station's approximate climate (seasonal cycle, warming since about 1980, year-to-year
 * variability shared between stations) so that samples, charts and PDFs look like the real data.
 * Everything is computed from fixed seeds, so every run gives the same numbers.
 */

/** A meteorological station of the sample. */
export interface Station {
  wmo: string;
  /** Ukrainian name (as on the site). */
  name: string;
  /** Latin transliteration (for CSV and NetCDF files). */
  latin: string;
  lat: number;
  lon: number;
  elevation: number;
  /** Approximate means of January and July air temperature (°C) and annual precipitation (mm), 1961–1990. */
  jan: number;
  jul: number;
  precip: number;
}

export const STATIONS: readonly Station[] = [
  {
    wmo: '33345',
    name: 'Київ',
    latin: 'Kyiv',
    lat: 50.4,
    lon: 30.53,
    elevation: 166,
    jan: -5.6,
    jul: 19.8,
    precip: 650,
  },
  {
    wmo: '33393',
    name: 'Львів',
    latin: 'Lviv',
    lat: 49.82,
    lon: 23.95,
    elevation: 323,
    jan: -3.7,
    jul: 17.6,
    precip: 740,
  },
  {
    wmo: '34300',
    name: 'Харків',
    latin: 'Kharkiv',
    lat: 49.97,
    lon: 36.13,
    elevation: 152,
    jan: -6.9,
    jul: 20.3,
    precip: 520,
  },
  {
    wmo: '33837',
    name: 'Одеса',
    latin: 'Odesa',
    lat: 46.44,
    lon: 30.77,
    elevation: 42,
    jan: -1.9,
    jul: 22.0,
    precip: 470,
  },
  {
    wmo: '33135',
    name: 'Чернігів',
    latin: 'Chernihiv',
    lat: 51.47,
    lon: 31.25,
    elevation: 133,
    jan: -6.6,
    jul: 19.2,
    precip: 600,
  },
  {
    wmo: '33631',
    name: 'Ужгород',
    latin: 'Uzhhorod',
    lat: 48.63,
    lon: 22.27,
    elevation: 118,
    jan: -2.6,
    jul: 20.4,
    precip: 760,
  },
  {
    wmo: '33562',
    name: 'Вінниця',
    latin: 'Vinnytsia',
    lat: 49.23,
    lon: 28.6,
    elevation: 298,
    jan: -5.6,
    jul: 18.7,
    precip: 640,
  },
  {
    wmo: '34504',
    name: 'Дніпро',
    latin: 'Dnipro',
    lat: 48.36,
    lon: 35.09,
    elevation: 142,
    jan: -5.1,
    jul: 22.0,
    precip: 530,
  },
  {
    wmo: '33506',
    name: 'Полтава',
    latin: 'Poltava',
    lat: 49.6,
    lon: 34.55,
    elevation: 160,
    jan: -6.3,
    jul: 20.6,
    precip: 560,
  },
  {
    wmo: '33275',
    name: 'Суми',
    latin: 'Sumy',
    lat: 50.88,
    lon: 34.78,
    elevation: 180,
    jan: -7.2,
    jul: 19.3,
    precip: 590,
  },
  {
    wmo: '33325',
    name: 'Житомир',
    latin: 'Zhytomyr',
    lat: 50.23,
    lon: 28.73,
    elevation: 221,
    jan: -5.6,
    jul: 18.4,
    precip: 630,
  },
  {
    wmo: '33658',
    name: 'Чернівці',
    latin: 'Chernivtsi',
    lat: 48.37,
    lon: 25.9,
    elevation: 246,
    jan: -4.0,
    jul: 19.0,
    precip: 690,
  },
  {
    wmo: '33902',
    name: 'Херсон',
    latin: 'Kherson',
    lat: 46.63,
    lon: 32.57,
    elevation: 54,
    jan: -2.6,
    jul: 23.0,
    precip: 450,
  },
  {
    wmo: '34601',
    name: 'Запоріжжя',
    latin: 'Zaporizhzhia',
    lat: 47.8,
    lon: 35.02,
    elevation: 112,
    jan: -4.4,
    jul: 22.6,
    precip: 480,
  },
  {
    wmo: '34523',
    name: 'Луганськ',
    latin: 'Luhansk',
    lat: 48.57,
    lon: 39.25,
    elevation: 60,
    jan: -6.4,
    jul: 22.0,
    precip: 480,
  },
  {
    wmo: '33946',
    name: 'Сімферополь',
    latin: 'Simferopol',
    lat: 44.68,
    lon: 34.14,
    elevation: 180,
    jan: -0.5,
    jul: 21.5,
    precip: 540,
  },
  {
    wmo: '33846',
    name: 'Миколаїв',
    latin: 'Mykolaiv',
    lat: 46.97,
    lon: 31.97,
    elevation: 50,
    jan: -3.1,
    jul: 22.5,
    precip: 450,
  },
  {
    wmo: '33415',
    name: 'Тернопіль',
    latin: 'Ternopil',
    lat: 49.53,
    lon: 25.67,
    elevation: 330,
    jan: -5.0,
    jul: 17.8,
    precip: 600,
  },
];

export const FIRST_YEAR = 1946;
export const LAST_YEAR = 2020;

/** A station by its Latin name (throws for an unknown one: the seed names only stations of the list). */
export function station(latin: string): Station {
  const found = STATIONS.find((s) => s.latin === latin);
  if (!found) throw new Error(`Unknown sample station ${latin}`);
  return found;
}

/** mulberry32: a small deterministic PRNG in [0, 1). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A seed number from text (FNV-1a). */
export function hashSeed(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A standard normal deviate from a uniform source (Box–Muller). */
function normal(rand: () => number): number {
  const u = Math.max(rand(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rand());
}

const round1 = (x: number) => Math.round(x * 10) / 10;

/** Warming relative to 1961–1990 in year `y` (°C): none before 1980, about 0.045 °C a year after. */
function warming(year: number): number {
  return year <= 1980 ? 0 : (year - 1980) * 0.045;
}

/** Year-to-year anomaly of each month shared by all stations (large-scale weather), by year and month. */
const sharedAnomaly = (() => {
  const rand = prng(1946);
  const out = new Map<string, number>();
  for (let y = FIRST_YEAR; y <= LAST_YEAR; y++)
    for (let m = 1; m <= 12; m++) out.set(`${y}-${m}`, normal(rand) * (m <= 2 || m === 12 ? 2.2 : 1.1));
  return out;
})();

/** Seasonal cycle: the mean temperature of month `m` (1–12) from the January and July means. */
function seasonal(s: Station, month: number): number {
  const mean = (s.jan + s.jul) / 2;
  const amp = (s.jul - s.jan) / 2;
  return mean - amp * Math.cos((2 * Math.PI * (month - 1)) / 12);
}

/** Share of the annual precipitation in each month (peak in June–July). */
const PRECIP_SHARE = [0.06, 0.055, 0.06, 0.07, 0.095, 0.12, 0.12, 0.09, 0.075, 0.065, 0.08, 0.08];

/** One month at a station. */
export interface MonthValue {
  year: number;
  month: number;
  tmin: number;
  tmax: number;
  tmean: number;
  precip: number;
}

const monthlyMemo = new Map<Station, MonthValue[]>();

/** Monthly series of a station for 1946–2020 (900 values; computed once per station). */
export function monthlySeries(s: Station): MonthValue[] {
  const memo = monthlyMemo.get(s);
  if (memo) return memo;
  const rand = prng(hashSeed(`monthly:${s.wmo}`));
  const out: MonthValue[] = [];
  for (let year = FIRST_YEAR; year <= LAST_YEAR; year++) {
    for (let month = 1; month <= 12; month++) {
      const tmean = seasonal(s, month) + warming(year) + sharedAnomaly.get(`${year}-${month}`)! + normal(rand) * 0.4;
      const dtr = 7 + 4 * Math.sin((Math.PI * (month - 1)) / 11) + normal(rand) * 0.5;
      const wet = Math.exp(normal(rand) * 0.45 - 0.1);
      out.push({
        year,
        month,
        tmean: round1(tmean),
        tmin: round1(tmean - dtr / 2),
        tmax: round1(tmean + dtr / 2),
        precip: round1(Math.max(0, s.precip * PRECIP_SHARE[month - 1]! * wet)),
      });
    }
  }
  monthlyMemo.set(s, out);
  return out;
}

/** One year's mean temperature and total precipitation at a station. */
export interface YearValue {
  year: number;
  tmean: number;
  precip: number;
}

/** Annual means and totals from the monthly series. */
export function annualSeries(s: Station): YearValue[] {
  const months = monthlySeries(s);
  const out: YearValue[] = [];
  for (let year = FIRST_YEAR; year <= LAST_YEAR; year++) {
    const ofYear = months.filter((m) => m.year === year);
    out.push({
      year,
      tmean: round1(ofYear.reduce((a, m) => a + m.tmean, 0) / 12),
      precip: Math.round(ofYear.reduce((a, m) => a + m.precip, 0)),
    });
  }
  return out;
}

/** Annual temperature anomalies against the 1961–1990 mean of the same series. */
export function annualAnomalies(s: Station): Array<{ year: number; anomaly: number }> {
  const years = annualSeries(s);
  const base = years.filter((y) => y.year >= 1961 && y.year <= 1990);
  const mean = base.reduce((a, y) => a + y.tmean, 0) / base.length;
  return years.map((y) => ({ year: y.year, anomaly: Math.round((y.tmean - mean) * 100) / 100 }));
}

/** Monthly means over 1991–2020 (the current climate normal): 12 rows. */
export function normals(s: Station): Array<{ month: number; tmean: number; precip: number }> {
  const months = monthlySeries(s).filter((m) => m.year >= 1991);
  return Array.from({ length: 12 }, (_, i) => {
    const of = months.filter((m) => m.month === i + 1);
    return {
      month: i + 1,
      tmean: round1(of.reduce((a, m) => a + m.tmean, 0) / of.length),
      precip: round1(of.reduce((a, m) => a + m.precip, 0) / of.length),
    };
  });
}

/** One day at a station. */
export interface DayValue {
  date: string;
  tmin: number;
  tmax: number;
  tmean: number;
  precip: number;
}

/** Daily values of a station for one month of a year, consistent with that month's monthly value. */
export function dailySeries(s: Station, year: number, month: number): DayValue[] {
  const monthly = monthlySeries(s).find((m) => m.year === year && m.month === month);
  if (!monthly) throw new Error(`No sample month ${year}-${month}`);
  const rand = prng(hashSeed(`daily:${s.wmo}:${year}:${month}`));
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const wetChance = Math.min(0.6, 0.2 + monthly.precip / 250);
  const raw: Array<{ t: number; p: number }> = [];
  let anomaly = 0;
  for (let d = 0; d < days; d++) {
    anomaly = 0.7 * anomaly + normal(rand) * 1.6;
    raw.push({ t: anomaly, p: rand() < wetChance ? -Math.log(Math.max(rand(), 1e-6)) : 0 });
  }
  const meanAnomaly = raw.reduce((a, r) => a + r.t, 0) / days;
  const wetSum = raw.reduce((a, r) => a + r.p, 0) || 1;
  const dtr = monthly.tmax - monthly.tmin;
  return raw.map((r, i) => {
    const tmean = monthly.tmean + r.t - meanAnomaly;
    const spread = dtr * (0.8 + 0.4 * rand());
    return {
      date: `${year}-${String(month).padStart(2, '0')}-${String(i + 1).padStart(2, '0')}`,
      tmean: round1(tmean),
      tmin: round1(tmean - spread / 2),
      tmax: round1(tmean + spread / 2),
      precip: round1((r.p / wetSum) * monthly.precip),
    };
  });
}

/** A regular grid of values: `values[latIndex][lonIndex]`, latitudes and longitudes ascending. */
export interface Grid {
  lats: number[];
  lons: number[];
  values: number[][];
}

/**
 * A 0.1° grid over the box [lat0, lat0 + n·0.1) × [lon0, lon0 + n·0.1) interpolated by inverse
 * squared distance from the stations' values (a stand-in for the MISH interpolation of the real set).
 */
export function gridFrom(values: Map<Station, number>, lat0: number, lon0: number, nLat: number, nLon: number): Grid {
  const lats = Array.from({ length: nLat }, (_, i) => Math.round((lat0 + i * 0.1) * 100) / 100);
  const lons = Array.from({ length: nLon }, (_, j) => Math.round((lon0 + j * 0.1) * 100) / 100);
  const grid = lats.map((lat) =>
    lons.map((lon) => {
      let num = 0;
      let den = 0;
      for (const [s, v] of values) {
        const dy = lat - s.lat;
        const dx = (lon - s.lon) * Math.cos((lat * Math.PI) / 180);
        const w = 1 / Math.max(dx * dx + dy * dy, 1e-4);
        num += w * v;
        den += w;
      }
      return Math.round((num / den) * 100) / 100;
    }),
  );
  return { lats, lons, values: grid };
}

/** Month names in Ukrainian (nominative), for tables and charts. */
export const MONTHS_UK = [
  'січень',
  'лютий',
  'березень',
  'квітень',
  'травень',
  'червень',
  'липень',
  'серпень',
  'вересень',
  'жовтень',
  'листопад',
  'грудень',
];
