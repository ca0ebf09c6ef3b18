/**
 * The generic error screen of the spec: «Упс!», a jokey apology, the support address, an animated
 * loading image. Error details go to the console, never on the screen.
 */
import { useEffect } from 'react';
import { useSite } from '../app/site';
import { LoadingImage } from './LoadingImage';

export function ErrorScreen({ error }: { error: unknown }) {
  const { config } = useSite();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <section className="error-screen" role="alert" aria-labelledby="error-title">
      <LoadingImage label="Хмаринка, що ремонтує сайт" />
      <h1 id="error-title">Упс!</h1>
      <p>
        Вибачте, у нас щось пішло не так — схоже, десь пролилася не та хмара. Наших інженерів уже кличуть на серйозну
        розмову, а поки вони виправляють помилку, напишіть нам про неї на{' '}
        <a href={`mailto:${config.supportEmail}`}>{config.supportEmail}</a> — так ми відновимо роботу сайту швидше.
      </p>
      <p>
        <a href="/" className="button">
          На головну
        </a>
      </p>
    </section>
  );
}
