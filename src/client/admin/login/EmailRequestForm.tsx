/**
 * A login-page form that asks for an email address and has something mailed to it: the password
 * reset link or the sign-in link. After a send it says the request was taken in words that do not
 * tell whether the address has an account (the spec's answer is the same for unknown addresses).
 */
import { useState, type ReactNode } from 'react';
import { identityErrorMessage } from '../../../shared/identityErrors';
import { ErrorAlert, Field, LoginFrame as Frame, isEmail, useLoginForm } from './ui';

export const EMAIL_MESSAGE = 'Введіть коректну адресу електронної пошти';
/** The form check of one email field, for useLoginForm. */
export const emailSchema = (v: { email: string }) => (isEmail(v.email) ? {} : { email: EMAIL_MESSAGE });

export interface EmailRequestFormProps {
  /** The frame's heading. */
  title: string;
  /** Sends the mail; rejects with an SDK error (`{code}`) to show its Ukrainian message. */
  send: (email: string) => Promise<void>;
  /** What the user is told once the request was taken, after «Запит для {email} прийнято.». */
  sentMessage: ReactNode;
  onBack: () => void;
}

/** The address field, «Надіслати посилання», the confirmation and «Повернутися до входу». */
export function EmailRequestForm({ title, send, sentMessage, onBack }: EmailRequestFormProps) {
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useLoginForm(emailSchema);
  const submit = form.handleSubmit(async ({ email }) => {
    setError(null);
    try {
      await send(email);
      setSentTo(email);
    } catch (err) {
      setError(identityErrorMessage(err));
    }
  });
  return (
    <Frame title={title}>
      <form onSubmit={submit} noValidate>
        <div className="login-stack">
          <ErrorAlert message={error} />
          {sentTo ? (
            <p className="login-alert login-alert-success" role="status">
              Запит для {sentTo} прийнято. {sentMessage}
            </p>
          ) : null}
          <Field label="Електронна пошта" type="email" autoComplete="email" name="email" error={form.errors.email} />
          <button type="submit" className="login-button" disabled={form.submitting}>
            Надіслати посилання
          </button>
          <button type="button" className="login-link" onClick={onBack}>
            Повернутися до входу
          </button>
        </div>
      </form>
    </Frame>
  );
}
