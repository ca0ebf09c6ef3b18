/** /Contacts: the institute's contact points. */
import { definePage } from '../../app/definePage';
import { EmptyState } from '../../components/Cards';
import { PageHeader } from '../../components/PageHeader';
import { PageMeta } from '../../components/PageMeta';
import { useSharedStrings } from '../../lib/sharedStrings';
import { trpc } from '../../lib/trpc';

const listInput = { limit: 100 } as const;

export const contactsPage = definePage({
  path: '/Contacts',
  prefetch: (utils) => utils.contacts.list.ensureData(listInput),
  Component: function Contacts() {
    const [list] = trpc.contacts.list.useSuspenseQuery(listInput);
    const mark = useSharedStrings();
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
      </>
    );
  },
});
