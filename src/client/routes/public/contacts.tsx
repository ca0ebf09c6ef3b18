/** /Contacts: the institute's contact points. */
import { definePage } from '../../app/definePage';
import { EmptyState } from '../../components/Cards';
import { PageHeader } from '../../components/PageHeader';
import { PageMeta } from '../../components/PageMeta';
import { trpc } from '../../lib/trpc';

const listInput = { limit: 100 } as const;

export const contactsPage = definePage({
  path: '/Contacts',
  prefetch: (utils) => utils.contacts.list.ensureData(listInput),
  Component: function Contacts() {
    const [list] = trpc.contacts.list.useSuspenseQuery(listInput);
    return (
      <>
        <PageMeta
          title="Контакти"
          description="Адреса, телефони та електронна пошта Українського гідрометеорологічного інституту."
        />
        <PageHeader title="Контакти" crumbs={[{ label: 'Контакти' }]} />
        {list.items.length ? (
          <ul className="contact-grid">
            {list.items.map((c) => (
              <li key={c.id} className="contact-card" id={c.slug}>
                <h2>{c.title}</h2>
                {c.summary ? <p>{c.summary}</p> : null}
                <address>
                  {c.address ? <p>{c.address}</p> : null}
                  {c.phones.map((p) => (
                    <p key={p}>
                      <a href={`tel:${p.replace(/[^\d+]/g, '')}`}>{p}</a>
                    </p>
                  ))}
                  {c.email ? (
                    <p>
                      <a href={`mailto:${c.email}`}>{c.email}</a>
                    </p>
                  ) : null}
                </address>
                {c.hours ? (
                  <p className="hours">
                    Години роботи: <span>{c.hours}</span>
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState>Контакти уточнюються.</EmptyState>
        )}
      </>
    );
  },
});
