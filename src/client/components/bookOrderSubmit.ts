/**
 * Sending the book-order form, shared by its two ways in: the enhanced form (tRPC from the browser)
 * and the page's action for a form posted without JavaScript (the same tRPC procedure, run by the
 * server render with the client's address, so the same schema and rate limit apply). A posted
 * order is answered with a redirect to `?order=sent` (post/redirect/get); a refused one re-renders
 * the page with the Ukrainian errors and the values as entered, never putting them in a URL.
 */
import { TRPCClientError } from '@trpc/client';
import { data, redirect } from 'react-router';
import { notFound, type ActionArgs } from '../app/definePage';
import { transportFailure } from '../lib/transportFailure';

/** The fields a visitor fills in (`website` is the honeypot, never echoed back). */
export const ORDER_FIELDS = ['name', 'email', 'phone', 'organisation', 'quantity', 'comment'] as const;
export type OrderField = (typeof ORDER_FIELDS)[number];

/** The query parameter of the thank-you state after a posted order, and the form's anchor. */
export const ORDER_SENT_PARAM = 'order';
export const ORDER_SENT_VALUE = 'sent';
export const ORDER_FORM_ID = 'order-form';

/** What a refused order shows: the values as entered, errors by field, and one message on top. */
export interface OrderFormState {
  values: Partial<Record<OrderField, string>>;
  errors: Partial<Record<string, string>>;
  message: string;
}

/** The procedure's input from the form's fields (an empty quantity is 0 and one that is not a number NaN: the schema refuses both). */
export function orderInput(form: FormData, publicationId: string) {
  const field = (name: string) => {
    const v = form.get(name);
    return typeof v === 'string' ? v : '';
  };
  return {
    publicationId,
    name: field('name'),
    email: field('email'),
    phone: field('phone'),
    organisation: field('organisation'),
    quantity: Number(field('quantity').trim()),
    comment: field('comment'),
    website: field('website'),
  };
}

/** What an order that got no answer says: no connection (the browser is offline or the request failed), or the server failing. */
export const ORDER_OFFLINE_MESSAGE = 'Не вдалося надіслати замовлення: немає зв’язку з мережею. Спробуйте ще раз.';
export const ORDER_SERVER_DOWN_MESSAGE = 'Не вдалося надіслати замовлення: сервер не відповідає. Спробуйте ще раз.';

/** The message of an order request with no answer from the API (see transportFailure), else null. */
function unansweredMessage(err: unknown): string | null {
  const failure = transportFailure(err);
  if (!failure) return null;
  return failure === 'not-our-api' ? ORDER_SERVER_DOWN_MESSAGE : ORDER_OFFLINE_MESSAGE;
}

/** The errors and message of a refused order; null for an error that is not the server's answer. */
export function orderErrorState(err: unknown): (Omit<OrderFormState, 'values'> & { status: number }) | null {
  if (!(err instanceof TRPCClientError)) return null;
  const unanswered = unansweredMessage(err);
  if (unanswered) return { errors: {}, message: unanswered, status: 503 };
  const errData = err.data as
    | { code?: string; httpStatus?: number; zodError?: { fieldErrors?: Record<string, string[] | undefined> } }
    | undefined;
  const fieldErrors = errData?.zodError?.fieldErrors ?? {};
  const errors: Record<string, string> = {};
  for (const [k, v] of Object.entries(fieldErrors)) errors[k] = v?.[0] ?? 'Перевірте це поле';
  const onForm = Object.keys(errors).some((k) => (ORDER_FIELDS as readonly string[]).includes(k));
  const message = onForm
    ? 'Перевірте виділені поля.'
    : Object.keys(errors).length
      ? 'Не вдалося надіслати замовлення.'
      : err.message;
  return { errors, message, status: errData?.httpStatus ?? 400 };
}

/**
 * The publication page's action: sends the posted order; redirects (303) to the thank-you state,
 * or answers the page again (422, or 429 past the rate limit) with the errors and the entered values.
 */
export async function bookOrderAction({ request, client, url, params }: ActionArgs) {
  // The order is for the page's publication (a missing one is the page's 404), whatever the body says.
  let publicationId: string;
  try {
    publicationId = (await client.publications.get.query({ idOrSlug: params.id ?? '' })).id;
  } catch (err) {
    const code = err instanceof TRPCClientError ? (err.data as { code?: string } | undefined)?.code : undefined;
    if (code === 'NOT_FOUND' || code === 'BAD_REQUEST') notFound(url.pathname);
    throw err;
  }
  const form = await request.formData();
  const input = orderInput(form, publicationId);
  try {
    await client.bookOrders.submit.mutate(input);
  } catch (err) {
    const state = orderErrorState(err);
    if (!state) throw err;
    const values: OrderFormState['values'] = {};
    for (const f of ORDER_FIELDS) {
      const v = form.get(f);
      if (typeof v === 'string') values[f] = v;
    }
    const status = state.status === 429 ? 429 : 422;
    return data<OrderFormState>({ values, errors: state.errors, message: state.message }, { status });
  }
  return redirect(`${url.pathname}?${ORDER_SENT_PARAM}=${ORDER_SENT_VALUE}#${ORDER_FORM_ID}`, 303);
}
