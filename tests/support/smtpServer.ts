/**
 * A real SMTP server in the test process (the `smtp-server` package on a loopback port) that requires
 * the credentials of its URL and keeps every accepted message parsed with `mailparser`. `refuse`
 * makes it answer every message with a permanent 550, as a server that rejects the mail would.
 */
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** Envelope recipients (RCPT TO). */
  to: string[];
  /** Envelope sender (MAIL FROM). */
  from: string;
  parsed: ParsedMail;
}

export interface TestSmtpServer {
  /** smtp://user:pass@127.0.0.1:port (what SMTP_URL is set to). */
  url: string;
  received: ReceivedMail[];
  /** When true, every message is refused with 550. */
  refuse: boolean;
  /** Resolves with the first message (received now or later) that satisfies `test`. */
  waitFor(test: (mail: ReceivedMail) => boolean): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export async function startSmtpServer(credentials = { user: 'mailer', pass: 'smtp-secret' }): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const waiters: Array<{ test: (m: ReceivedMail) => boolean; resolve: (m: ReceivedMail) => void }> = [];
  const state: TestSmtpServer = {
    url: '',
    received,
    refuse: false,
    waitFor(test) {
      const found = received.find(test);
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => waiters.push({ test, resolve }));
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    // Plain SMTP on loopback with AUTH (nodemailer would not trust a self-signed STARTTLS certificate).
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: false,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === credentials.user && auth.password === credentials.pass)
        callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (state.refuse) {
          callback(Object.assign(new Error('Message rejected by policy'), { responseCode: 550 }));
          return;
        }
        simpleParser(Buffer.concat(chunks)).then(
          (parsed) => {
            const mail: ReceivedMail = {
              to: session.envelope.rcptTo.map((a) => a.address),
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              parsed,
            };
            received.push(mail);
            for (const waiter of waiters.filter((w) => w.test(mail))) {
              waiters.splice(waiters.indexOf(waiter), 1);
              waiter.resolve(mail);
            }
            callback();
          },
          (err: Error) => callback(err),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as { port: number };
  state.url = `smtp://${credentials.user}:${credentials.pass}@127.0.0.1:${port}`;
  return state;
}
