/** Dataset versions in Chromium: from the dataset page to an earlier version's page and back, hydrated, axe-clean. */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, untilHydrated } from './fixtures';

test('the version list leads to an earlier version, which names the newer one and its own files', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/data_repo/ClimUAsd-stn.v2');
  await untilHydrated(page);
  const versions = page.getByRole('region', { name: 'Версії набору' });
  await expect(versions.getByRole('row')).toHaveCount(3);
  await versions.getByRole('link', { name: '1.0', exact: true }).click();
  await expect(page).toHaveURL(/\/data_repo\/ClimUAsd-stn\.v2\/v\/1\.0$/);
  const notice = page.getByRole('note');
  await expect(notice).toContainText('Існує новіша версія цього набору даних: версія 2.0');
  await expect(page.getByRole('region', { name: 'Контрольні суми SHA-256' })).toContainText(
    'ClimUAsd-stn-v1.0-sample-2020.csv',
  );
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    /\/data_repo\/ClimUAsd-stn\.v2\/v\/1\.0$/,
  );
  const serious = (await new AxeBuilder({ page }).analyze()).violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(serious.map((v) => v.id)).toEqual([]);
  await notice.getByRole('link', { name: 'версія 2.0' }).click();
  await expect(page).toHaveURL(/\/data_repo\/ClimUAsd-stn\.v2$/);
  await expect(page.getByRole('note')).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});
