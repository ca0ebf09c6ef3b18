/**
 * The generic error screen of the spec: «Упс!», a jokey apology, the support address, an animated
 * loading image. Error details go to the console, never on the screen. The public site shows it in
 * its layout (ErrorScreen, the address from the site context); the admin shows ErrorScreenView with
 * its own configuration and a link back to its overview.
 */
import { useEffect } from 'react';
import { useSite } from '../app/site';
import { LoadingImage } from './LoadingImage';

/** The screen's heading (the admin names its tab after it). */
export const ERROR_SCREEN_TITLE = 'Упс!';

/** The screen itself: `supportEmail` in the text, `home` the link under it (default: the site's home page). */
export function ErrorScreenView({
  error,
  supportEmail,
  home = { href: '/', label: 'На головну' },
  className,
}: {
  error: unknown;
  supportEmail: string;
  home?: { href: string; label: string };
  className?: string;
}) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <section
      className={className ? `error-screen ${className}` : 'error-screen'}
      role="alert"
      aria-labelledby="error-title"
    >
      <LoadingImage label="Хмаринка, що ремонтує сайт" />
      <h1 id="error-title">{ERROR_SCREEN_TITLE}</h1>
      <p>
        Вибачте, у нас щось пішло не так — схоже, десь пролилася не та хмара. Наших інженерів уже кличуть на серйозну
        розмову, а поки вони виправляють помилку, напишіть нам про неї на{' '}
        <a href={`mailto:${supportEmail}`}>{supportEmail}</a> — так ми відновимо роботу сайту швидше.
      </p>
      <p>
        <a href={home.href} className="button">
          {home.label}
        </a>
      </p>
    </section>
  );
}

/** The public site's error screen (inside SiteContext). */
export function ErrorScreen({ error }: { error: unknown }) {
  return <ErrorScreenView error={error} supportEmail={useSite().config.supportEmail} />;
}
