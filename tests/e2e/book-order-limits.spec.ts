/**
 * QA finding 7: the public book-order form lets a visitor type no more than the order schema
 * accepts, field by field (the limits are read from the schema here, not restated).
 */
import { z } from 'zod';
import { bookOrderFormSchema } from '../../src/shared/content/types/bookOrders';
import { expect, test, untilHydrated } from './fixtures';

const LABELS = {
  name: 'Ім’я та прізвище',
  email: 'Електронна пошта',
  phone: 'Телефон',
  organisation: 'Організація',
  comment: 'Коментар',
} as const;

/** `maxLength` of each text field in the schema's JSON Schema (what the server refuses beyond). */
function schemaLimits(): Record<keyof typeof LABELS, number> {
  const props = (
    z.toJSONSchema(bookOrderFormSchema, { io: 'input', unrepresentable: 'any' }) as {
      properties: Record<string, { maxLength?: number }>;
    }
  ).properties;
  const limit = (k: keyof typeof LABELS) => props[k]!.maxLength!;
  return {
    name: limit('name'),
    email: limit('email'),
    phone: limit('phone'),
    organisation: limit('organisation'),
    comment: limit('comment'),
  };
}

for (const js of [true, false]) {
  test.describe(js ? 'with JavaScript' : 'without JavaScript', () => {
    test.use({ javaScriptEnabled: js });

    test("each order field's maxlength is the schema's limit", async ({ page }) => {
      await page.goto('/publications/nastanova-hidrometeorolohichnym-stantsiiam-i-postam');
      if (js) await untilHydrated(page);
      const form = page.getByRole('region', { name: 'Замовити друкований примірник' });
      const limits = schemaLimits();
      expect(limits).toMatchObject({ name: 200, phone: 40 });
      for (const [field, label] of Object.entries(LABELS) as [keyof typeof LABELS, string][]) {
        await expect(form.getByLabel(label)).toHaveAttribute('maxlength', String(limits[field]));
      }
      // A visitor typing past the limit is stopped at it.
      const name = form.getByLabel(LABELS.name);
      await name.pressSequentially('Я'.repeat(limits.name + 5));
      await expect(name).toHaveValue('Я'.repeat(limits.name));
    });
  });
}
