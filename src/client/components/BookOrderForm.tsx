/**
 * The public order form for printed copies of a publication. Validation happens on the server (the
 * same schema the admin uses); its field errors are shown beside the fields. A hidden honeypot field
 * catches bots; the server also limits orders per address.
 *
 * Without JavaScript the form posts (method="post", urlencoded) to its own page, whose action sends
 * the order and redirects to the thank-you state `?order=sent` or shows the page again with the
 * errors and the entered values (bookOrderSubmit.ts). With JavaScript it sends through tRPC in place.
 */
import { useId, useState, type FormEvent } from 'react';
import { useActionData, useLocation } from 'react-router';
import { BOOK_ORDER_TEXT_FIELDS } from '../../shared/content/bookOrderFields';
import { trpc } from '../lib/trpc';
import {
  ORDER_FORM_ID,
  ORDER_SENT_PARAM,
  ORDER_SENT_VALUE,
  orderErrorState,
  orderInput,
  type OrderFormState,
} from './bookOrderSubmit';
import { useFocusFirstInvalid } from './useFocusFirstInvalid';

// Labels and maxlength from the order schema's own (bookOrderFields.ts).
const FIELDS = [
  { name: 'name', type: 'text', required: true, autoComplete: 'name' },
  { name: 'email', type: 'email', required: true, autoComplete: 'email' },
  { name: 'phone', type: 'tel', required: false, autoComplete: 'tel' },
  { name: 'organisation', type: 'text', required: false, autoComplete: 'organization' },
] as const;

export function BookOrderForm({ publicationId, title }: { publicationId: string; title: string }) {
  const id = useId();
  const location = useLocation();
  // A form posted without JavaScript and refused: the page came back with its errors and values.
  const posted = useActionData<OrderFormState | undefined>();
  const submit = trpc.bookOrders.submit.useMutation();
  const [errors, setErrors] = useState<Partial<Record<string, string>>>(posted?.errors ?? {});
  const [message, setMessage] = useState<string | null>(posted?.message ?? null);
  const [done, setDone] = useState(false);
  const { formRef, refused } = useFocusFirstInvalid();
  const values = posted?.values ?? {};
  const sent = done || new URLSearchParams(location.search).get(ORDER_SENT_PARAM) === ORDER_SENT_VALUE;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setErrors({});
    setMessage(null);
    try {
      await submit.mutateAsync(orderInput(form, publicationId));
      setDone(true);
    } catch (err) {
      const state = orderErrorState(err);
      setErrors(state?.errors ?? {});
      setMessage(state?.message ?? 'Не вдалося надіслати замовлення.');
      refused();
    }
  };

  if (sent) {
    return (
      <section className="order-form" id={ORDER_FORM_ID} aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>Замовлення прийнято</h2>
        <p role="status">Дякуємо! Ми зв’яжемося з вами електронною поштою щодо видання «{title}».</p>
      </section>
    );
  }

  return (
    <section className="order-form" id={ORDER_FORM_ID} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Замовити друкований примірник</h2>
      <form
        ref={formRef}
        method="post"
        action={`${location.pathname}#${ORDER_FORM_ID}`}
        onSubmit={(e) => void onSubmit(e)}
        noValidate
      >
        {message ? (
          <p className="form-error" role="alert" tabIndex={-1}>
            {message}
          </p>
        ) : null}
        {FIELDS.map((f) => (
          <p key={f.name} className="form-field">
            <label htmlFor={`${id}-${f.name}`}>
              {BOOK_ORDER_TEXT_FIELDS[f.name].label}
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
              maxLength={BOOK_ORDER_TEXT_FIELDS[f.name].max}
              defaultValue={values[f.name]}
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
            defaultValue={values.quantity ?? 1}
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
          <label htmlFor={`${id}-comment`}>{BOOK_ORDER_TEXT_FIELDS.comment.label}</label>
          <textarea
            id={`${id}-comment`}
            name="comment"
            rows={3}
            maxLength={BOOK_ORDER_TEXT_FIELDS.comment.max}
            defaultValue={values.comment}
            aria-invalid={errors.comment ? true : undefined}
            aria-describedby={errors.comment ? `${id}-comment-error` : undefined}
          />
          {errors.comment ? (
            <span id={`${id}-comment-error`} className="field-error">
              {errors.comment}
            </span>
          ) : null}
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
