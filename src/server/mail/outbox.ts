/**
 * Every mail the server sends goes through the outbox: it sends through the SMTP transport and
 * records the outcome in the audit log (`mail-sent` or `mail-failed`, with who caused it, the
 * document or account it concerns and a title naming the kind of mail and the recipient). The
 * message itself is never recorded, so a reset link or code cannot reach the log.
 */
import type { AuditAction } from '../../shared/content/adminInput';
import { ContentHistory, type Author } from '../content/history';
import type { DocumentStore } from '../store/port';
import type { MailTransport, OutgoingMail } from './transport';

/** What the audit entry of a send says besides the outcome. */
export interface MailRecord {
  /** Who caused the mail: an administrator, or `system` (the login page's request, a visitor's order). */
  actor: Author;
  /** The collection (or `accounts`) and id the mail is about. */
  collection: string;
  documentId: string;
  /** The kind of mail, in Ukrainian, e.g. «Відновлення пароля»; the recipients are appended. */
  kind: string;
}

/** Thrown when a mail could not be sent (after the failure was recorded). */
export class MailSendError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MailSendError';
  }
}

/** The audit-log collection name for mails about sign-in accounts (not a content type). */
export const ACCOUNTS_AUDIT_COLLECTION = 'accounts';

/** The first line of an error, without credentials an SMTP URL could carry. */
export function mailErrorSummary(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return (text.split('\n')[0] ?? '').replace(/\/\/[^/@\s]*@/g, '//…@').slice(0, 300);
}

export class MailOutbox {
  private readonly history: ContentHistory;

  constructor(
    private readonly transport: MailTransport | undefined,
    private readonly store: DocumentStore,
    private readonly log: { warn(message: string): void },
  ) {
    this.history = new ContentHistory(store);
  }

  /** Whether mail can be sent at all (SMTP_URL is set). */
  get configured(): boolean {
    return this.transport !== undefined;
  }

  /**
   * Sends `mail` and records the outcome. Resolves once sent; rejects with MailSendError when SMTP is
   * not configured or the server refused or could not be reached (the failure is recorded first).
   */
  async send(mail: OutgoingMail, record: MailRecord): Promise<void> {
    if (!this.transport) throw new MailSendError('SMTP_URL is not set');
    try {
      await this.transport.send(mail);
    } catch (err) {
      const summary = mailErrorSummary(err);
      this.log.warn(`Could not send mail (${record.kind}): ${summary}`);
      await this.audit(record, mail, 'mail-failed');
      throw new MailSendError(summary, { cause: err });
    }
    await this.audit(record, mail, 'mail-sent');
  }

  private async audit(record: MailRecord, mail: OutgoingMail, action: AuditAction): Promise<void> {
    const to = Array.isArray(mail.to) ? mail.to.join(', ') : mail.to;
    const op = this.history.auditOp(
      record.actor,
      record.collection,
      record.documentId,
      `${record.kind} → ${to}`,
      action,
    );
    // The mail went out (or did not) whatever the log says: a failed audit write is logged, not thrown.
    await this.store
      .commit([op])
      .catch((err: unknown) => this.log.warn(`Could not record a mail in the audit log: ${mailErrorSummary(err)}`));
  }
}
