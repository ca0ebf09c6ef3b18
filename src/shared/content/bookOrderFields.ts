/**
 * Labels and length limits (characters) of the book-order form's text fields, shared by the order
 * schema (types/bookOrders.ts: its limits and the wording of its errors) and the public form
 * (BookOrderForm.tsx: its labels and `maxlength`), so that a visitor cannot type past what the server
 * accepts and an error names the field as its label does. No zod here: the public bundle imports it.
 */
export const BOOK_ORDER_TEXT_FIELDS = {
  name: { label: 'Ім’я та прізвище', max: 200 },
  // emailSchema's limit (fields.ts: 254, the longest address SMTP carries).
  email: { label: 'Електронна пошта', max: 254 },
  phone: { label: 'Телефон', max: 40 },
  organisation: { label: 'Організація', max: 300 },
  comment: { label: 'Коментар', max: 2000 },
} as const;
