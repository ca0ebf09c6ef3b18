import { it } from 'vitest';
import { startTestServer } from './helpers';
it('smoke', async () => {
  const s = await startTestServer();
  try {
    for (const u of ['/search?q=%D0%BF%D1%80%D0%BE%D0%B3%D0%BD%D0%BE%D0%B7%D1%83', '/sitemap.xml', '/robots.txt', '/feeds/news.atom', '/feeds/events.atom', '/opensearch.xml', '/sitemap-1.xml']) {
      const r = await s.get(u);
      console.log(u, r.status, r.headers['content-type'], r.body.length, r.body.slice(0, 1500).replace(/\n/g, ' '));
    }
  } finally { await s.dispose(); }
});
