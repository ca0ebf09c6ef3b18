/**
 * Issue 11, item 12e: the first administrator's generated password (no ADMIN_PASSWORD) is written to
 * DATA_DIR/first-admin-password.txt with mode 0600, and only that path and the email are printed:
 * the password signs in, and appears nowhere on the console or in the log.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { signInWithEmailAndPassword } from 'firebase/auth';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { disposeAuthClients, newAuthClient } from '../integration/firebaseClient';
import { startTestServer, type TestServer } from '../integration/helpers';

let server: TestServer;
let origin: string;
const printed: string[] = [];
const logged: string[] = [];

beforeAll(async () => {
  const keep =
    (target: string[]) =>
    (...args: unknown[]) =>
      void target.push(args.map(String).join(' '));
  const spies = [
    vi.spyOn(console, 'log').mockImplementation(keep(printed)),
    vi.spyOn(console, 'info').mockImplementation(keep(printed)),
    vi.spyOn(console, 'warn').mockImplementation(keep(printed)),
    vi.spyOn(console, 'error').mockImplementation(keep(printed)),
    vi
      .spyOn(process.stdout, 'write')
      .mockImplementation((chunk: string | Uint8Array) => printed.push(String(chunk)) > 0),
  ];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      logged.push(chunk.toString('utf8'));
      done();
    },
  });
  try {
    server = await startTestServer(
      { SEED: 'false', ADMIN_EMAIL: 'first@uhmi.example.org' },
      { logger: { level: 'trace', stream } },
    );
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
  origin = await server.listen();
});
afterAll(async () => {
  await disposeAuthClients();
  await server.dispose();
});

describe('the first administrator’s generated password', () => {
  it('is in a 0600 file in DATA_DIR that signs in, and only its path and the email are printed', async () => {
    const file = path.join(server.dataDir, 'first-admin-password.txt');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const password = readFileSync(file, 'utf8').trim();
    expect(password.length).toBeGreaterThanOrEqual(16);

    const auth = await newAuthClient(origin);
    await signInWithEmailAndPassword(auth, 'first@uhmi.example.org', password);
    expect((await auth.currentUser!.getIdTokenResult()).claims.role).toBe('admin');

    const console = printed.join('\n');
    expect(console).toContain(file);
    expect(console).toContain('first@uhmi.example.org');
    expect(console).not.toContain(password);
    expect(logged.join('')).not.toContain(password);
  });
});
