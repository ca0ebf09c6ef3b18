/** The site footer from the `footer` settings document (read with the header: `layout.get`). */
import { SOCIAL_NETWORKS } from '../../shared/content/constants';
import { useSharedStrings } from '../lib/sharedStrings';
import { trpc } from '../lib/trpc';
import { ContentLink } from './ContentLink';

export function SiteFooter() {
  const [{ footer }] = trpc.layout.get.useSuspenseQuery();
  const mark = useSharedStrings();
  if (!footer) return <footer className="site-footer" />;
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        {footer.columns.map((column) => (
          <section key={column.title} aria-label={column.title}>
            <h2 data-s={mark('t', column.title)}>{column.title}</h2>
            <ul>
              {column.links.map((link) => (
                <li key={link.href}>
                  <ContentLink href={link.href} shared={mark('t', link.label)}>
                    {link.label}
                  </ContentLink>
                </li>
              ))}
            </ul>
          </section>
        ))}
        <section aria-label="Контакти">
          <h2>Контакти</h2>
          <address>
            {footer.address ? <p data-s={mark('t', footer.address)}>{footer.address}</p> : null}
            {footer.phone ? (
              <p>
                <a href={`tel:${footer.phone.replace(/[^\d+]/g, '')}`}>{footer.phone}</a>
              </p>
            ) : null}
            {footer.email ? (
              <p>
                <a href={`mailto:${footer.email}`}>{footer.email}</a>
              </p>
            ) : null}
          </address>
          {footer.social.length > 0 && (
            <ul className="social">
              {footer.social.map((s) => (
                <li key={s.url}>
                  <a href={s.url} rel="noopener noreferrer" target="_blank" data-s={mark('u', s.url)}>
                    {SOCIAL_NETWORKS[s.network]}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      {footer.copyright ? (
        <p className="container copyright" data-s={mark('t', footer.copyright)}>
          {footer.copyright}
        </p>
      ) : null}
    </footer>
  );
}
