/**
 * Whether the server can listen on HOST:PORT, checked before anything is created (DATA_DIR, the
 * seed, the first administrator), so a taken port stops the start with one line and no files.
 */
import net from 'node:net';

/** The start-up could not listen; the message is one line naming the address and the reason. */
export class ListenError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ListenError';
  }
}

const REASONS: Record<string, string> = {
  EADDRINUSE: 'the address is in use (set PORT or HOST)',
  EACCES: 'permission denied (ports below 1024 need privileges; set PORT)',
  EADDRNOTAVAIL: 'the address is not on this machine (set HOST)',
  ENOTFOUND: 'the host name does not resolve (set HOST)',
  EAI_AGAIN: 'the host name does not resolve (set HOST)',
};

/**
 * The one-line ListenError for a failed `listen` (a Node system error with `code`), or null when the
 * error is of another kind (thrown as it is).
 */
export function listenErrorOf(err: unknown, host: string, port: number): ListenError | null {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  const reason = code ? REASONS[code] : undefined;
  return reason ? new ListenError(`Cannot listen on ${host}:${port}: ${reason}`) : null;
}

/**
 * Binds HOST:PORT for a moment and releases it. Throws ListenError when the address is taken or
 * refused; another process may still take the port before the server listens (then the server's
 * own `listen` fails with the same line).
 */
export async function checkCanListen(host: string, port: number): Promise<void> {
  const probe = net.createServer();
  try {
    await new Promise<void>((resolve, reject) => {
      probe.once('error', reject);
      probe.listen({ host, port, exclusive: true }, resolve);
    });
  } catch (err) {
    throw listenErrorOf(err, host, port) ?? err;
  }
  await new Promise<void>((resolve) => probe.close(() => resolve()));
}
