import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  checkForNewBuild,
  isChunkLoadError,
  reloadOnce,
  resetBuildUpdateState,
  RELOAD_MARKER_KEY,
} from '../../src/client/lib/buildUpdates';
import { formatDate, formatDateRange, machineDate, previousDay, todayInKyiv } from '../../src/shared/dates';
import { trainingMeta } from '../../src/client/routes/public/trainings';
import { formatBytes } from '../../src/client/lib/files';
import { scrollTargetY } from '../../src/client/lib/scroll';
import { pageWindow } from '../../src/client/components/Pagination';
import { metaDescription } from '../../src/client/components/PageMeta';
import { isPagePath } from '../../src/client/components/ContentLink';
import {
  canonicalCasePath,
  isBotUserAgent,
  isValidSlugParam,
  PAGE_SEGMENTS,
  pageNotFoundMessage,
  parsePageParam,
  resolveRouteMiddleware,
} from '../../src/shared/routes';
import { publicPages } from '../../src/client/app/routes';

function memoryStorage() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
}

describe('scroll after navigation', () => {
  it('goes to the top without a hash', () => {
    expect(scrollTargetY('', () => 500)).toBe(0);
  });
  it('leaves 64 px above the hash target', () => {
    expect(scrollTargetY('#programme', (id) => (id === 'programme' ? 900 : null))).toBe(836);
  });
  it('decodes the hash and falls back to the top for a missing target', () => {
    expect(scrollTargetY('#%D0%BF%D1%80', (id) => (id === 'пр' ? 100 : null))).toBe(36);
    expect(scrollTargetY('#missing', () => null)).toBe(0);
  });
  it("leaves the sticky header's height above the target when it is taller than 64 px", () => {
    expect(scrollTargetY('#programme', () => 900, 110)).toBe(790);
    expect(scrollTargetY('#programme', () => 900, 40)).toBe(836);
  });
});

describe('build updates', () => {
  afterEach(() => resetBuildUpdateState());

  it('reloads at most once per 10 seconds', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    expect(reloadOnce(storage, reload, 100_000)).toBe(true);
    expect(reloadOnce(storage, reload, 105_000)).toBe(false);
    expect(reloadOnce(storage, reload, 110_001)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
    expect(storage.getItem(RELOAD_MARKER_KEY)).toBe('110001');
  });

  it('detects a newer build from the manifest', async () => {
    const fetchImpl = vi.fn(() =>
      Promise.resolve(new Response(JSON.stringify({ id: 'new', timestamp: 1 }))),
    ) as unknown as typeof fetch;
    expect(await checkForNewBuild('old', fetchImpl)).toBe(true);
  });

  it('only logs a failed manifest fetch', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetchImpl = vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))) as unknown as typeof fetch;
    expect(await checkForNewBuild('old', fetchImpl)).toBe(false);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('recognises chunk-load errors', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
  });
});

describe('route helpers', () => {
  it('validates page numbers', () => {
    expect(parsePageParam(new URLSearchParams(''))).toBe(1);
    expect(parsePageParam(new URLSearchParams('page=3'))).toBe(3);
    for (const bad of ['-1', '0', 'abc', '1.5', '99999', '01'])
      expect(parsePageParam(new URLSearchParams(`page=${bad}`)), bad).toBeNull();
  });

  it('validates slug parameters', () => {
    expect(isValidSlugParam('ClimUAsd-stn.v2')).toBe(true);
    expect(isValidSlugParam('a'.repeat(121))).toBe(false);
    expect(isValidSlugParam('../etc')).toBe(false);
  });

  it('throws "Unknown route middleware" for an unknown name', () => {
    expect(() => resolveRouteMiddleware(['auth'], {})).toThrow(/^Unknown route middleware: 'auth'$/);
    expect(resolveRouteMiddleware(['ok'], { ok: () => {} })).toHaveLength(1);
  });

  it('recognises crawlers and audits', () => {
    for (const ua of [
      'Googlebot/2.1',
      'facebookexternalhit/1.1',
      'Chrome-Lighthouse',
      'Mozilla/5.0 (compatible; bingbot/2.0)',
      'Google-InspectionTool',
    ]) {
      expect(isBotUserAgent(ua), ua).toBe(true);
    }
    expect(isBotUserAgent('Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0 Safari/537.36')).toBe(false);
  });
});

describe('formatting', () => {
  it('shows dates in Ukrainian, in Kyiv', () => {
    expect(formatDate('2026-03-23')).toBe('23 березня 2026\u00a0р.');
    // 23:30 UTC on 22 March is already 23 March in Kyiv.
    expect(formatDate('2026-03-22T23:30:00Z')).toBe('23 березня 2026\u00a0р.');
    expect(formatDateRange('2016-03-22', '2016-03-23')).toBe('22–23 березня 2016\u00a0р.');
  });

  it('writes <time dateTime> values as a calendar date or a UTC instant', () => {
    expect(machineDate('2026-03-23')).toBe('2026-03-23');
    expect(machineDate('2026-03-22T23:30:00.000Z')).toBe('2026-03-22T23:30:00.000Z');
    expect(machineDate('2026-03-22T23:30:00Z')).toBe('2026-03-22T23:30:00.000Z');
    expect(machineDate('2026-03-23T01:30:00+02:00')).toBe('2026-03-22T23:30:00.000Z');
  });

  it('gives today in Kyiv', () => {
    expect(todayInKyiv(new Date('2026-11-20T22:30:00Z'))).toBe('2026-11-21');
    // The day turns at Kyiv's midnight (22:00 UTC in winter), whatever was asked the moment before.
    expect(todayInKyiv(new Date('2026-11-20T21:59:59.999Z'))).toBe('2026-11-20');
    expect(todayInKyiv(new Date('2026-11-20T22:00:00Z'))).toBe('2026-11-21');
    expect(todayInKyiv(new Date('2026-11-20T21:59:30Z'))).toBe('2026-11-20');
    expect(previousDay('2026-03-01')).toBe('2026-02-28');
    expect(previousDay('2024-03-01')).toBe('2024-02-29');
    expect(previousDay('2027-01-01')).toBe('2026-12-31');
  });

  it('describes a training by dates, format and a place that adds something', () => {
    const online = { startDate: '2026-12-08', endDate: '2026-12-09', format: 'online' as const };
    expect(trainingMeta({ ...online, location: 'Онлайн' })).toBe('8–9 грудня 2026\u00a0р. · Онлайн');
    expect(trainingMeta({ ...online, location: 'Zoom' })).toBe('8–9 грудня 2026\u00a0р. · Онлайн · Zoom');
    expect(trainingMeta({ ...online, location: '' })).toBe('8–9 грудня 2026\u00a0р. · Онлайн');
  });

  it('formats sizes', () => {
    expect(formatBytes(512)).toBe('512 Б');
    expect(formatBytes(1536)).toBe('1,5 КБ');
  });

  it('windows page numbers', () => {
    expect(pageWindow(5, 10)).toEqual([1, null, 4, 5, 6, null, 10]);
    expect(pageWindow(1, 2)).toEqual([1, 2]);
  });

  it('cuts meta descriptions near 160 characters', () => {
    const d = metaDescription('слово '.repeat(60));
    expect(d.length).toBeLessThanOrEqual(160);
    expect(d.endsWith('…')).toBe(true);
  });
});

describe('the 404 message', () => {
  it('shows the path as typed, escapes decoded where they decode', () => {
    expect(pageNotFoundMessage('/%D0%BD%D0%BE%D0%B2%D0%B8%D0%BD%D0%B8')).toBe('Page Not Found: /новини');
    expect(pageNotFoundMessage('/a%ZZb')).toBe('Page Not Found: /a%ZZb');
    expect(pageNotFoundMessage('/missing')).toBe('Page Not Found: /missing');
  });
});

describe('page addresses in their canonical case', () => {
  it('lists the first segment of every page path of the route table, and nothing else', () => {
    const segments = new Set(
      publicPages.map((p) => p.path.split('/')[1]!).filter((s) => s && !s.startsWith(':') && s !== '*'),
    );
    expect([...segments].sort()).toEqual([...PAGE_SEGMENTS].sort());
  });

  it('fixes the case of the first segment only, and leaves right addresses alone', () => {
    expect(canonicalCasePath('/news')).toBe('/News');
    expect(canonicalCasePath('/DEPARTMENTS/viddil-klimatu')).toBe('/Departments/viddil-klimatu');
    expect(canonicalCasePath('/cop29')).toBe('/COP29');
    expect(canonicalCasePath('/Docs/Nakaz-1')).toBe('/docs/Nakaz-1');
    expect(canonicalCasePath('/News/x')).toBeNull();
    expect(canonicalCasePath('/about')).toBeNull();
    expect(canonicalCasePath('/')).toBeNull();
  });
});

describe('links stored in content', () => {
  it('routes site pages and leaves files, storage and other sites to the browser', () => {
    expect(isPagePath('/data_repo/month')).toBe(true);
    expect(isPagePath('/News?page=2')).toBe(true);
    expect(isPagePath('/data-policy#access')).toBe(true);
    expect(isPagePath('/data_repo/ClimUAsd-stn.v2')).toBe(true);
    expect(isPagePath('/data_repo/month.zip')).toBe(false);
    expect(isPagePath('/data_repo/ClimUAsd-stn.v2.zip')).toBe(false);
    expect(isPagePath('/v0/b/bucket/o/public%2Fa?alt=media')).toBe(false);
    expect(isPagePath('//evil.example.org/x')).toBe(false);
    expect(isPagePath('https://climate.uhmi.org.ua')).toBe(false);
  });
});
