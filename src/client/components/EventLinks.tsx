/**
 * The files of an event's page, as plain links (files, not pages; they work without JavaScript):
 * «Додати до календаря» (its `.ics`) and, for a conference with published theses, «Збірник тез» (PDF).
 */
import { abstractsBookPath, calendarPath } from '../../shared/routes';

/**
 * `page`: the event's page path (`/conf/{slug}`, `/Trainings/{slug}`); `book`: the conference slug
 * whose book of abstracts to link, or null; `of`: the event's title, for screen readers where a page
 * shows several events.
 */
export function EventLinks({ page, book = null, of }: { page: string; book?: string | null; of?: string }) {
  const suffix = of ? <span className="visually-hidden">: {of}</span> : null;
  return (
    <p className="hero-links event-links">
      {book ? (
        <a className="button button-secondary" href={abstractsBookPath(book)} type="application/pdf">
          Збірник тез{suffix}
        </a>
      ) : null}
      <a className="button button-secondary" href={calendarPath(page)} type="text/calendar" download>
        Додати до календаря{suffix}
      </a>
    </p>
  );
}
