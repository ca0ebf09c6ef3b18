/**
 * «Цитувати»: the item's bibliographic record as BibTeX, RIS and CSL-JSON downloads, made on the
 * server (GET /api/cite/{type}/{slug}.{bib|ris|json}); plain links, so they work without JavaScript.
 */
import { CITE_FORMATS, citePath, type CiteType } from '../../shared/cite';

/** A further metadata record offered beside the citation formats (a dataset's «DataCite XML»). */
export interface RecordLink {
  href: string;
  label: string;
  type: string;
}

export function CiteLinks({
  type,
  slug,
  title,
  records = [],
}: {
  type: CiteType;
  slug: string;
  title: string;
  records?: RecordLink[];
}) {
  return (
    <section className="cite-links" aria-labelledby="cite-links-title">
      <h2 id="cite-links-title">Цитувати</h2>
      <p>Завантажити бібліографічний запис:</p>
      <ul>
        {CITE_FORMATS.map((f) => (
          <li key={f.ext}>
            <a href={citePath(type, slug, f.ext)} download type={f.contentType}>
              {f.label}
              <span className="visually-hidden">: {title}</span>
            </a>
          </li>
        ))}
        {records.map((r) => (
          <li key={r.href}>
            <a href={r.href} download type={r.type}>
              {r.label}
              <span className="visually-hidden">: {title}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
