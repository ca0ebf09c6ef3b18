/**
 * The public order form for printed copies of a publication. Validation happens on the server (the
 * same schema the admin uses); its field errors are shown beside the fields. A hidden honeypot field
 * catches bots; the server also limits orders per address.
 */
import { TRPCClientError } from '@trpc/client';
import { useId, useState, type FormEvent } from 'react';
import { trpc } from '../lib/trpc';

const FIELDS = [
  { name: 'name', label: 'Ім’я та прізвище', type: 'text', required: true, autoComplete: 'name' },
  { name: 'email', label: 'Електронна пошта', type: 'email', required: true, autoComplete: 'email' },
  { name: 'phone', label: 'Телефон', type: 'tel', required: false, autoComplete: 'tel' },
  { name: 'organisation', label: 'Організація', type: 'text', required: false, autoComplete: 'organization' },
] as const;

export function BookOrderForm({ publicationId, title }: { publicationId: string; title: string }) {
  const id = useId();
  const submit = trpc.bookOrders.submit.useMutation();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setErrors({});
    setMessage(null);
    try {
      await submit.mutateAsync({
        publicationId,
        name: String(form.get('name') ?? ''),
        email: String(form.get('email') ?? ''),
        phone: String(form.get('phone') ?? ''),
        organisation: String(form.get('organisation') ?? ''),
        quantity: Number(form.get('quantity') ?? 1),
        comment: String(form.get('comment') ?? ''),
        website: String(form.get('website') ?? ''),
      });
      setDone(true);
    } catch (err) {
      const data = err instanceof TRPCClientError ? (err.data as { zodError?: { fieldErrors?: Record<string, string[]> } } | undefined) : undefined;
      const fieldErrors = data?.zodError?.fieldErrors ?? {};
      setErrors(Object.fromEntries(Object.entries(fieldErrors).map(([k, v]) => [k, v?.[0] ?? 'Перевірте це поле'])));
      setMessage(Object.keys(fieldErrors).length ? 'Перевірте виділені поля.' : err instanceof Error ? err.message : 'Не вдалося надіслати замовлення.');
    }
  };

  if (done) {
    return (
      <section className="order-form" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>Замовлення прийнято</h2>
        <p role="status">Дякуємо! Ми зв’яжемося з вами електронною поштою щодо видання «{title}».</p>
      </section>
    );
  }

  return (
    <section className="order-form" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Замовити друкований примірник</h2>
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        {message ? (
          <p className="form-error" role="alert">
            {message}
          </p>
        ) : null}
        {FIELDS.map((f) => (
          <p key={f.name} className="form-field">
            <label htmlFor={`${id}-${f.name}`}>
              {f.label}
              {f.required ? <span aria-hidden="true"> *</span> : null}
            </label>
            <input
              id={`${id}-${f.name}`}
              name={f.name}
              type={f.type}
              required={f.required}
              autoComplete={f.autoComplete}
              aria-invalid={errors[f.name] ? true : undefined}
              aria-describedby={errors[f.name] ? `${id}-${f.name}-error` : undefined}
              maxLength={300}
            />
            {errors[f.name] ? (
              <span id={`${id}-${f.name}-error`} className="field-error">
                {errors[f.name]}
              </span>
            ) : null}
          </p>
        ))}
        <p className="form-field">
          <label htmlFor={`${id}-quantity`}>Кількість примірників</label>
          <input
            id={`${id}-quantity`}
            name="quantity"
            type="number"
            min={1}
            max={100}
            defaultValue={1}
            aria-invalid={errors.quantity ? true : undefined}
            aria-describedby={errors.quantity ? `${id}-quantity-error` : undefined}
          />
          {errors.quantity ? (
            <span id={`${id}-quantity-error`} className="field-error">
              {errors.quantity}
            </span>
          ) : null}
        </p>
        <p className="form-field">
          <label htmlFor={`${id}-comment`}>Коментар</label>
          <textarea id={`${id}-comment`} name="comment" rows={3} maxLength={2000} />
        </p>
        {/* Honeypot: people never see or fill it; bots that fill every field are ignored. */}
        <p className="visually-hidden" aria-hidden="true">
          <label htmlFor={`${id}-website`}>Вебсайт</label>
          <input id={`${id}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" />
        </p>
        <button type="submit" className="button" disabled={submit.isPending}>
          {submit.isPending ? 'Надсилаємо…' : 'Надіслати замовлення'}
        </button>
      </form>
    </section>
  );
}
