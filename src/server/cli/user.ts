/**
 * `npm run user -- <command>`: the webmaster's account tool. It reads the same configuration as the
 * server (`.env` when present, then the environment) and works in both modes through the
 * IdentityBackend: the embedded accounts in DATA_DIR's SQLite file, or Firebase Authentication via
 * firebase-admin (GOOGLE_APPLICATION_CREDENTIALS, or FIREBASE_AUTH_EMULATOR_HOST for the emulator).
 * It may run while the server runs (SQLite in WAL mode; changes apply to the next request).
 *
 * Exit status: 0 done, 1 failed (unknown email, weak password, email taken, last administrator,
 * bad configuration...), 2 wrong usage. Errors are one line on stderr.
 */
import { randomInt } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import type { Config } from '../config';
import { createIdentity } from '../identity/index';
import { AccountError, type Account, type IdentityBackend, type Role } from '../identity/types';
import { openSqliteDatabase } from '../store/sqlite';
import { cliConfig, commandOf, runCli, UsageError } from './run';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../shared/passwordRules';

const USAGE = `Usage: ${commandOf('user')} <command> [arguments]

Commands:
  create <email> [--role admin|editor|none] [--password P] [--name N]
        create an account (role editor unless given); without --password a password is generated and printed once
  set-role <email> admin|editor|none
        change the account's role (admin: everything incl. accounts; editor: content only; none: no access)
  set-email <email> <new-email>
        change the account's address at once, unconfirmed (the way to change it without mail)
  disable <email>
        refuse the account's sign-in and end its sessions
  enable <email>
        allow the account to sign in again
  reset-password <email> [--password P]
        set a new password (generated and printed when not given) and end the account's sessions
  reset-link <email>
        print a one-time password-reset link (valid one hour; replaces the account's earlier link) to pass on
  list
        print every account: uid, email, name, role, disabled, created, last sign-in (UTC)

The configuration is the server's (.env and environment: DATA_DIR, BACKEND, FIREBASE_*...).`;

/** Passwords set here follow the site's one rule (admin screens, identity endpoints, ADMIN_PASSWORD). */
const MIN_PASSWORD = MIN_PASSWORD_LENGTH;
const MAX_PASSWORD = MAX_PASSWORD_LENGTH;

class CliError extends Error {}

const emailSchema = z.email();

function parseEmail(value: string | undefined): string {
  if (!value) throw new UsageError('missing <email>');
  const email = value.trim();
  if (!emailSchema.safeParse(email).success) throw new UsageError(`not a valid email address: ${value}`);
  return email;
}

function parseRole(value: string | undefined): Role | null {
  if (value === 'admin' || value === 'editor') return value;
  if (value === 'none') return null;
  throw new UsageError(
    value === undefined
      ? 'missing role (admin, editor or none)'
      : `unknown role "${value}" (expected admin, editor or none)`,
  );
}

function checkPassword(password: string): string {
  if (password.length < MIN_PASSWORD)
    throw new CliError(`the password is too weak: it needs at least ${MIN_PASSWORD} characters`);
  if (password.length > MAX_PASSWORD)
    throw new CliError(`the password is too long: at most ${MAX_PASSWORD} characters`);
  return password;
}

/** 16 characters from an alphabet without look-alikes (about 93 bits), safe to paste into a shell. */
function generatePassword(length = 16): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  let out = '';
  for (let i = 0; i < length; i += 1) out += alphabet[randomInt(alphabet.length)];
  return out;
}

function describeAccountError(err: AccountError, email: string): string {
  switch (err.code) {
    case 'email-exists':
      return `an account with the email ${email} already exists`;
    case 'user-not-found':
      return `no account with the email ${email}`;
    case 'weak-password':
      return `the password is too weak: it needs at least ${MIN_PASSWORD} characters`;
    case 'invalid-email':
      return `not a valid email address: ${email}`;
    case 'last-admin':
      return `${email} is the last active administrator; make another account an administrator first`;
  }
}

/** The account with this email (case-insensitive), or a CliError. */
async function findByEmail(identity: IdentityBackend, email: string): Promise<Account> {
  const wanted = email.toLowerCase();
  // The search narrows the scan in both backends (substring of email, name or uid).
  const { accounts } = await identity.listAccounts({ search: wanted, limit: 500 });
  const match = accounts.find((a) => a.email?.toLowerCase() === wanted);
  if (!match) throw new CliError(`no account with the email ${email}`);
  return match;
}

async function allAccounts(identity: IdentityBackend): Promise<Account[]> {
  const accounts: Account[] = [];
  let pageToken: string | undefined;
  do {
    const page = await identity.listAccounts({ pageToken, limit: 500 });
    accounts.push(...page.accounts);
    pageToken = page.nextPageToken ?? undefined;
  } while (pageToken);
  return accounts.sort((a, b) => (a.email ?? '').localeCompare(b.email ?? ''));
}

const instant = (iso: string | null) => (iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)}` : '-');

function formatTable(accounts: Account[]): string {
  const header = ['uid', 'email', 'name', 'role', 'disabled', 'created (UTC)', 'last sign-in (UTC)'];
  const rows = accounts.map((a) => [
    a.uid,
    a.email ?? '-',
    a.displayName || '-',
    a.role ?? '-',
    a.disabled ? 'yes' : 'no',
    instant(a.createdAt),
    instant(a.lastSignInAt),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!))).join('  ');
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/**
 * Without PUBLIC_URL, links are built from the default `http://localhost:{PORT}` (config.ts), which
 * is not where a server behind a proxy or on another port is reached: one line saying so, or undefined.
 * (The CLI cannot know a running server's address: it may listen anywhere, or not run at all.)
 */
function publicUrlNote(config: Config): string | undefined {
  if (process.env.PUBLIC_URL?.trim()) return undefined;
  return `Note: PUBLIC_URL is not set, so the link leads to the default ${config.publicUrl} (from PORT=${config.port}); if the site is reached at another address, set PUBLIC_URL (in .env) to it and run this command again.`;
}

interface Command {
  synopsis: string;
  args: number;
  options: Array<'role' | 'password' | 'name'>;
}

const COMMANDS: Record<string, Command> = {
  create: {
    synopsis: 'create <email> [--role admin|editor|none] [--password P] [--name N]',
    args: 1,
    options: ['role', 'password', 'name'],
  },
  'set-role': { synopsis: 'set-role <email> admin|editor|none', args: 2, options: [] },
  'set-email': { synopsis: 'set-email <email> <new-email>', args: 2, options: [] },
  disable: { synopsis: 'disable <email>', args: 1, options: [] },
  enable: { synopsis: 'enable <email>', args: 1, options: [] },
  'reset-password': { synopsis: 'reset-password <email> [--password P]', args: 1, options: ['password'] },
  'reset-link': { synopsis: 'reset-link <email>', args: 1, options: [] },
  list: { synopsis: 'list', args: 0, options: [] },
};

async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        role: { type: 'string' },
        password: { type: 'string' },
        name: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    // e.g. "Unknown option '--x'. To specify a positional argument…": the first sentence is enough.
    throw new UsageError((err as Error).message.split(/\.\s/)[0]);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const [name, ...args] = positionals;
  if (!name) throw new UsageError('missing command');
  const command = Object.prototype.hasOwnProperty.call(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) throw new UsageError(`unknown command "${name}"`);
  if (args.length < command.args) throw new UsageError(`missing argument; expected: ${command.synopsis}`);
  if (args.length > command.args)
    throw new UsageError(`unexpected argument "${args[command.args]}"; expected: ${command.synopsis}`);
  for (const option of ['role', 'password', 'name'] as const) {
    if (values[option] !== undefined && !command.options.includes(option))
      throw new UsageError(`${name} does not take --${option}`);
  }

  // Arguments are checked before anything is opened or created.
  const email = name === 'list' ? '' : parseEmail(args[0]);
  const role = name === 'set-role' ? parseRole(args[1]) : name === 'create' ? parseRole(values.role ?? 'editor') : null;
  const newEmail = name === 'set-email' ? parseEmail(args[1]) : '';
  const givenPassword = values.password === undefined ? undefined : checkPassword(values.password);

  const config = cliConfig();
  mkdirSync(config.dataDir, { recursive: true });
  const db = await openSqliteDatabase(path.join(config.dataDir, 'site.db'));
  try {
    const { backend: identity } = await createIdentity(config, db, {
      info: (m) => console.error(m),
      warn: (m) => console.error(m),
    });
    try {
      await run(identity, name, {
        email,
        newEmail,
        role,
        givenPassword,
        displayName: values.name?.trim() || undefined,
        publicUrlNote: publicUrlNote(config),
      });
    } catch (err) {
      if (err instanceof AccountError)
        throw new CliError(describeAccountError(err, name === 'set-email' ? newEmail : email));
      throw err;
    }
  } finally {
    db.close();
  }
  return 0;
}

async function run(
  identity: IdentityBackend,
  command: string,
  a: {
    email: string;
    newEmail: string;
    role: Role | null;
    givenPassword?: string;
    displayName?: string;
    publicUrlNote?: string;
  },
): Promise<void> {
  switch (command) {
    case 'create': {
      const password = a.givenPassword ?? generatePassword();
      const account = await identity.createAccount({
        email: a.email,
        password,
        displayName: a.displayName,
        role: a.role,
      });
      console.log(`Created ${account.email} (uid ${account.uid}, role ${account.role ?? 'none'}).`);
      if (!a.givenPassword) console.log(`Password: ${password}\nIt is not shown again; pass it on securely.`);
      return;
    }
    case 'set-role': {
      const account = await identity.setRole((await findByEmail(identity, a.email)).uid, a.role);
      console.log(`${account.email}: role ${account.role ?? 'none'}.`);
      return;
    }
    case 'set-email': {
      const account = await identity.setEmail((await findByEmail(identity, a.email)).uid, a.newEmail);
      console.log(`${a.email}: the address is now ${account.email} (unconfirmed).`);
      return;
    }
    case 'disable':
    case 'enable': {
      const account = await identity.setDisabled((await findByEmail(identity, a.email)).uid, command === 'disable');
      console.log(
        command === 'disable' ? `Disabled ${account.email}; its sessions are ended.` : `Enabled ${account.email}.`,
      );
      return;
    }
    case 'reset-password': {
      const account = await findByEmail(identity, a.email);
      const password = a.givenPassword ?? generatePassword();
      await identity.setPassword(account.uid, password);
      console.log(`Set a new password for ${account.email}; its sessions are ended.`);
      if (!a.givenPassword) console.log(`Password: ${password}\nIt is not shown again; pass it on securely.`);
      return;
    }
    case 'reset-link': {
      const account = await findByEmail(identity, a.email);
      const link = await identity.passwordResetLink(account.email ?? a.email);
      // stdout carries the link alone (scripts can capture it); the explanation goes to stderr.
      console.log(link);
      console.error(
        `A one-time password-reset link for ${account.email}, valid for one hour; an earlier link for this account no longer works. Pass it on securely.`,
      );
      if (a.publicUrlNote) console.error(a.publicUrlNote);
      return;
    }
    case 'list': {
      const accounts = await allAccounts(identity);
      console.log(accounts.length ? formatTable(accounts) : 'No accounts.');
      return;
    }
  }
}

runCli('user', async () => void (await main(process.argv.slice(2))), 'commands');
