/**
 * The book-order form posted without JavaScript: POST with a urlencoded body to the publication's
 * own page; an accepted order redirects (303) to the thank-you state, a refused one answers the page
 * again with Ukrainian errors and the entered values; nothing personal ever goes into a URL;
 * cross-site posts are refused; the same rate limit as the enhanced form applies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSet } from '../../src/server/seed/content/index';
import { startTestServer, textOf, type TestServer } from './helpers';

const ORIGIN = 'https://uhmi.example.org';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ PUBLIC_URL: ORIGIN });
});
afterAll(async () => {
  await server.dispose();
});

type Pub = { id: string; data: { slug: string; status: string; orderable: boolean } };
const pubs = seedSet.publications as unknown as Pub[];
const orderable = pubs.find((p) => p.data.status === 'published' && p.data.orderable)!;
const notOrderable = pubs.find((p) => p.data.status === 'published' && !p.data.orderable)!;

const PERSON = {
  name: 'Оксана Ткаченко-Форма',
  email: 'oksana.form@example.com',
  phone: '+380501112233',
  organisation: 'Гідрометцентр',
  quantity: '2',
  comment: 'Для бібліотеки',
};

function post(slug: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return server.app.inject({
    method: 'POST',
    url: `/publications/${slug}`,
    payload: new URLSearchParams(fields).toString(),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: ORIGIN,
      'sec-fetch-site': 'same-origin',
      ...headers,
    },
  });
}

async function allOrders() {
  const { items } = await server.store.list<{ email: string; publicationId: string; quantity: number }>('bookOrders', {
    orderBy: { fields: ['createdAt'], direction: 'asc' },
    limit: 100,
  });
  return items;
}

async function ordersBy(email: string) {
  return (await allOrders()).filter((o) => o.data.email === email);
}

describe('the book-order form without JavaScript', () => {
  it('stores a valid order and redirects to the thank-you state with nothing personal in the address', async () => {
    const res = await post(orderable.data.slug, PERSON);
    expect(res.statusCode).toBe(303);
    const location = String(res.headers.location);
    expect(location).toBe(`/publications/${orderable.data.slug}?order=sent#order-form`);
    for (const value of Object.values(PERSON)) expect(decodeURIComponent(location)).not.toContain(value);
    expect(res.headers['cache-control']).toBe('no-store');

    const orders = await ordersBy(PERSON.email);
    expect(orders.map((o) => [o.data.publicationId, o.data.quantity])).toEqual([[orderable.id, 2]]);

    const thanks = await server.get(location.split('#')[0]!);
    expect(thanks.status).toBe(200);
    expect(textOf(thanks.body)).toContain('Замовлення прийнято');
  });

  it('answers invalid input with the page again: Ukrainian errors beside the fields and the values as entered', async () => {
    const email = 'not-an-address';
    const res = await post(orderable.data.slug, { ...PERSON, email, quantity: '0' });
    expect(res.statusCode).toBe(422);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.location).toBeUndefined();
    const text = textOf(res.body);
    expect(text).toContain('Перевірте виділені поля.');
    expect(text).toContain('Невірна адреса електронної пошти');
    expect(text).toContain('Щонайменше 1 примірник');
    expect(res.body).toContain(`value="${PERSON.name}"`);
    expect(res.body).toContain(`value="${email}"`);
    expect(res.body).toContain(`>${PERSON.comment}</textarea>`);
    expect(await ordersBy(email)).toEqual([]);
  });

  it('refuses a quantity that is not a number in Ukrainian', async () => {
    const res = await post(orderable.data.slug, { ...PERSON, email: 'nan@example.com', quantity: 'багато' });
    expect(res.statusCode).toBe(422);
    expect(textOf(res.body)).toContain('Вкажіть кількість примірників числом');
  });

  it('says when a publication cannot be ordered', async () => {
    const res = await post(notOrderable.data.slug, { ...PERSON, email: 'not-orderable@example.com' });
    expect(res.statusCode).toBe(422);
    expect(textOf(res.body)).toContain('Це видання не можна замовити');
    expect(await ordersBy('not-orderable@example.com')).toEqual([]);
  });

  it('refuses a post from another site and stores nothing', async () => {
    const email = 'cross.site@example.com';
    const byOrigin = await post(
      orderable.data.slug,
      { ...PERSON, email },
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    );
    expect(byOrigin.statusCode).toBe(403);
    const byFetchSite = await post(
      orderable.data.slug,
      { ...PERSON, email },
      { origin: ORIGIN, 'sec-fetch-site': 'cross-site' },
    );
    expect(byFetchSite.statusCode).toBe(403);
    const nullOrigin = await post(orderable.data.slug, { ...PERSON, email }, { origin: 'null', 'sec-fetch-site': '' });
    expect(nullOrigin.statusCode).toBe(403);
    expect(await ordersBy(email)).toEqual([]);
  });

  it('accepts a post from our own page that carries Origin: null (no-referrer policy) with Sec-Fetch-Site: same-origin', async () => {
    const email = 'null.origin@example.com';
    const res = await post(
      orderable.data.slug,
      { ...PERSON, email },
      { origin: 'null', 'sec-fetch-site': 'same-origin' },
    );
    expect(res.statusCode).toBe(303);
    expect(await ordersBy(email)).toHaveLength(1);
  });

  it('takes only urlencoded forms, at publication pages only', async () => {
    const json = await server.app.inject({
      method: 'POST',
      url: `/publications/${orderable.data.slug}`,
      payload: JSON.stringify(PERSON),
      headers: { 'content-type': 'application/json', origin: ORIGIN },
    });
    expect(json.statusCode).toBe(415);
    const news = await server.app.inject({
      method: 'POST',
      url: '/News',
      payload: 'a=b',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
    });
    expect(news.statusCode).toBe(405);
    const missing = await post('no-such-publication', PERSON);
    expect(missing.statusCode).toBe(404);
  });

  it('applies the order rate limit of the enhanced form (5 an hour per address)', async () => {
    // Orders above from this address count too (stored or not orderable); valid ones now go through until the limit.
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await post(orderable.data.slug, { ...PERSON, email: `limit${i}@example.com` })).statusCode);
    const firstRefused = statuses.indexOf(429);
    expect(firstRefused).toBeGreaterThan(0);
    expect(statuses.slice(0, firstRefused).every((s) => s === 303)).toBe(true);
    expect(statuses.slice(firstRefused).every((s) => s === 429)).toBe(true);
    expect((await allOrders()).length).toBe(5 - 1); // five attempts were counted: one of them was not orderable
    const limited = await post(orderable.data.slug, { ...PERSON, email: 'limit-last@example.com' });
    expect(limited.statusCode).toBe(429);
    expect(textOf(limited.body)).toContain('Забагато замовлень');
    expect(limited.body).toContain(`value="limit-last@example.com"`);
  });
});
