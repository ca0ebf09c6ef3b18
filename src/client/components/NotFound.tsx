/** The 404 page: the spec's message «Page Not Found: {path}» with a Ukrainian explanation. */
import { Link } from 'react-router';
import { pageNotFoundMessage } from '../../shared/routes';
import { PageMeta } from './PageMeta';

export function NotFound({ path }: { path: string }) {
  return (
    <section className="not-found" aria-labelledby="not-found-title">
      <PageMeta title="Сторінку не знайдено" description="Сторінку за цією адресою не знайдено." />
      <p className="status-code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title">{pageNotFoundMessage(path)}</h1>
      <p>Сторінку не знайдено: можливо, її перенесли або адресу введено з помилкою.</p>
      <p>
        <Link to="/" className="button">
          На головну
        </Link>{' '}
        <Link to="/News">Новини</Link> · <Link to="/docs">Документи</Link> · <Link to="/Contacts">Контакти</Link>
      </p>
    </section>
  );
}
