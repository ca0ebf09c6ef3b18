import { describe, expect, it } from 'vitest';
import { contentTypes } from '../../src/shared/content/registry';
import { matchRedirect, type RedirectRule } from '../../src/server/http/redirects';

const rule = (input: Partial<RedirectRule> & { from: string }): RedirectRule =>
  contentTypes.redirects.schema.parse(input);

const rules = [
  rule({ from: '/eng/data_repo', to: '/data_repo', keepRest: true, priority: 10 }),
  rule({ from: '/eng', to: '/', priority: 50 }),
  rule({ match: 'zip', from: '/data_repo', priority: 20 }),
  rule({ from: '/old-news', to: '/News', priority: 30 }),
];

describe('redirect matching', () => {
  it('sends /eng/data_repo to /data_repo', () => {
    expect(matchRedirect(rules, '/eng/data_repo', '')).toBe('/data_repo');
  });

  it('keeps the rest of the path and the query when the rule says so', () => {
    expect(matchRedirect(rules, '/eng/data_repo/ClimUAd_Ukrainian_gridded_daily', '?x=1')).toBe(
      '/data_repo/ClimUAd_Ukrainian_gridded_daily?x=1',
    );
  });

  it('drops the rest of the path when keepRest is off', () => {
    expect(matchRedirect(rules, '/old-news/2019/item', '')).toBe('/News');
  });

  it('matches whole segments only', () => {
    expect(matchRedirect(rules, '/english', '')).toBeNull();
    expect(matchRedirect(rules, '/eng/data_repository', '')).toBe('/');
  });

  it('sends {name}.zip to the archive folder from configuration', () => {
    expect(matchRedirect(rules, '/data_repo/ClimUAd_2024.zip', '', 'https://files.example.org/uhmi')).toBe(
      'https://files.example.org/uhmi/ClimUAd_2024.zip',
    );
  });

  it('skips a zip rule when no archive folder is configured', () => {
    expect(matchRedirect(rules, '/data_repo/ClimUAd_2024.zip', '')).toBeNull();
  });

  it('asks a lookup for the archive and skips the rule when the lookup has none', () => {
    const lookup = (name: string) =>
      name === 'month.zip' ? '/v0/b/bucket/o/public%2Fdata_repo%2Fmonth.zip?alt=media&token=t' : null;
    expect(matchRedirect(rules, '/data_repo/month.zip', '', lookup)).toBe(
      '/v0/b/bucket/o/public%2Fdata_repo%2Fmonth.zip?alt=media&token=t',
    );
    expect(matchRedirect(rules, '/data_repo/missing.zip', '', lookup)).toBeNull();
  });

  it('applies the lowest priority first', () => {
    expect(matchRedirect([rules[1]!, rules[0]!], '/eng/data_repo', '')).toBe('/data_repo');
  });

  it('never redirects a path to itself', () => {
    expect(matchRedirect([rule({ from: '/a', to: '/a' })], '/a', '')).toBeNull();
  });
});
