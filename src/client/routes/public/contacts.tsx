/** /Contacts: the institute's contact points. */
import { useLocation } from 'react-router';
import { definePage } from '../../app/definePage';
import { pageInput, validPage } from '../../app/listParams';
import { EmptyState } from '../../components/Cards';
import { PageHeader } from '../../components/PageHeader';
import { PageMeta } from '../../components/PageMeta';
import { Pagination } from '../../components/Pagination';
import { useSharedStrings } from '../../lib/sharedStrings';
import { trpc } from '../../lib/trpc';

export const contactsPage = definePage({
  path: '/Contacts',
  validate: validPage,
  prefetch: (utils, { url }) => utils.contacts.list.ensureData(pageInput(url.searchParams)),
  Component: function Contacts() {
    const [list] = trpc.contacts.list.useSuspenseQuery(pageInput(useLocation().search));
    const mark = useSharedStrings();
    return (
      <>
        <PageMeta
          page={list.page}
          title="Контакти"
          description="Адреса, телефони та електронна пошта Українського гідрометеорологічного інституту."
        />
        <PageHeader title="Контакти" crumbs={[{ label: 'Контакти' }]} />
        {list.items.length ? (
          <ul className="contact-grid">
            {list.items.map((c) => (
              <li key={c.id} className="contact-card" id={c.slug}>
                <h2 data-s={mark('t', c.title)}>{c.title}</h2>
                {c.summary ? <p data-s={mark('t', c.summary)}>{c.summary}</p> : null}
                <address>
                  {c.address ? <p data-s={mark('t', c.address)}>{c.address}</p> : null}
                  {c.phones.map((p) => (
                    <p key={p}>
                      <a href={`tel:${p.replace(/[^\d+]/g, '')}`}>{p}</a>
                    </p>
                  ))}
                  {c.email ? (
                    <p>
                      <a href={`mailto:${c.email}`} data-s={mark('t', c.email)}>
                        {c.email}
                      </a>
                    </p>
                  ) : null}
                </address>
                {c.hours ? (
                  <p className="hours">
                    Години роботи: <span data-s={mark('t', c.hours)}>{c.hours}</span>
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState>Контакти уточнюються.</EmptyState>
        )}
        <Pagination page={list.page} pageCount={list.pageCount} />
      </>
    );
  },
});
