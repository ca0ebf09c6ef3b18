/**
 * Plain React building blocks of the admin's sign-in screens and of the states shown before the
 * Mantine shell has loaded (loading, route errors). Styled by login.css; no UI kit, so the login
 * page stays small (issue 13: at most 150 KB of JavaScript gzip).
 */
import './login.css';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useAdminTitle } from '../useAdminTitle';

/** The centred card every sign-in screen is shown in; `title` is its h1 and the tab's title. */
export function LoginFrame({ title, children }: { title: string; children: ReactNode }) {
  useAdminTitle(title);
  return (
    <main className="login-screen">
      <div className="login-card">
        <p className="login-kicker">УкрГМІ · адміністрування сайту</p>
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  );
}

/** An error message (role="alert"), nothing when there is none. */
export function ErrorAlert({ message }: { message: string | null }) {
  return message ? (
    <div className="login-alert" role="alert">
      <strong>Помилка</strong>
      {message}
    </div>
  ) : null;
}

/** A labelled text input with its error linked by aria-describedby. */
export function Field({
  label,
  error,
  ...input
}: {
  label: string;
  error?: string;
  name: string;
  type: string;
  autoComplete: string;
}) {
  const id = useId();
  return (
    <p className="login-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        {...input}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error ? (
        <span id={`${id}-error`} className="login-field-error">
          {error}
        </span>
      ) : null}
    </p>
  );
}

export type FieldErrors<T> = Partial<Record<keyof T, string>>;

/**
 * A form's field errors and submitting state: `handleSubmit(fn)` reads the form's named fields,
 * validates them (errors shown beside the fields, nothing submitted) and runs `fn` with the values.
 */
export function useLoginForm<T extends Record<string, string>>(validate: (values: T) => FieldErrors<T>) {
  const [errors, setErrors] = useState<FieldErrors<T>>({});
  const [submitting, setSubmitting] = useState(false);
  const handleSubmit = (fn: (values: T) => Promise<void>) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // These forms have text fields only (a file input's value would be a File).
    const values = Object.fromEntries(
      [...new FormData(event.currentTarget)].map(([k, v]) => [k, typeof v === 'string' ? v : '']),
    ) as T;
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSubmitting(true);
    // React ignores what an event handler returns; `fn` shows its own errors.
    void fn(values).finally(() => setSubmitting(false));
  };
  return { errors, submitting, handleSubmit };
}

/** zod's email pattern (z.email()), so the login accepts what the server's schemas accept. */
const EMAIL = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
export const isEmail = (value: string) => EMAIL.test(value);

/** Shown while a route's code or guard is loading. */
export function LoadingScreen() {
  return (
    <div className="login-screen">
      <div className="login-spinner" role="status" aria-label="Завантаження" />
    </div>
  );
}
