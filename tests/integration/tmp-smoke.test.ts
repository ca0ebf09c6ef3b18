import { it } from 'vitest';
import { startTestServer, textOf } from './helpers';
it('smoke', async () => {
  const s = await startTestServer();
  try {
    for (const u of ['/search?q=' + encodeURIComponent('прогнозу'), '/search?q=' + encodeURIComponent('кліматичні дані'), '/search?q=' + encodeURIComponent('Коваленко')]) {
      const r = await s.get(u);
      const t = textOf(r.body.replace(/<script[\s\S]*?<\/script>/g, ''));
      console.log(u, r.status, t.slice(t.indexOf('Пошук Пошук'), t.indexOf('Пошук Пошук') + 1500));
      console.log((r.body.match(/<mark>[^<]*<\/mark>/g) ?? []).slice(0, 10).join(' '));
    }
  } finally { await s.dispose(); }
});
