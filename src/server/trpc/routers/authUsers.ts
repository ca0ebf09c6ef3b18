/**
 * AuthUsers: sign-in accounts (admin only), the same in both modes through IdentityBackend.
 */
import { TRPCError } from '@trpc/server';
import {
  createAccountInput,
  listAccountsInput,
  setDisabledInput,
  setPasswordInput,
  setRoleInput,
  uidInput,
} from '../../../shared/authUsers';
import { mailFailedMessage, noMailMessage } from '../../identity/mail';
import { MailSendError } from '../../mail/outbox';
import { AccountError } from '../../identity/types';
import { adminOnlyProcedure, router } from '../init';
import { authUserMethodProcedures } from './authUserMethods';

const CODE = {
  'email-exists': 'CONFLICT',
  'user-not-found': 'NOT_FOUND',
  'weak-password': 'BAD_REQUEST',
  'invalid-email': 'BAD_REQUEST',
  'last-admin': 'PRECONDITION_FAILED',
} as const;

const VERIFY_NO_MAIL = 'Пошту (SMTP_URL) на сервері не налаштовано, тому лист для підтвердження адреси не надіслано.';
const VERIFY_MAIL_FAILED =
  'Лист не надіслано: поштовий сервер його не прийняв або недоступний (подробиці — у журналі змін). Спробуйте пізніше.';

async function guard<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof AccountError) throw new TRPCError({ code: CODE[err.code], message: err.message, cause: err });
    throw err;
  }
}

export const authUsersRouter = router({
  ...authUserMethodProcedures,
  list: adminOnlyProcedure
    .input(listAccountsInput)
    .query(({ ctx, input }) => guard(() => ctx.identity.listAccounts(input))),
  create: adminOnlyProcedure
    .input(createAccountInput)
    .mutation(({ ctx, input }) =>
      guard(() => ctx.identity.createAccount({ ...input, displayName: input.displayName || undefined })),
    ),
  setRole: adminOnlyProcedure
    .input(setRoleInput)
    .mutation(({ ctx, input }) => guard(() => ctx.identity.setRole(input.uid, input.role))),
  setDisabled: adminOnlyProcedure
    .input(setDisabledInput)
    .mutation(({ ctx, input }) => guard(() => ctx.identity.setDisabled(input.uid, input.disabled))),
  setPassword: adminOnlyProcedure
    .input(setPasswordInput)
    .mutation(({ ctx, input }) => guard(() => ctx.identity.setPassword(input.uid, input.password))),
  sendPasswordReset: adminOnlyProcedure.input(uidInput).mutation(({ ctx, input }) =>
    guard(async () => {
      const account = await ctx.identity.getAccount(input.uid);
      if (!account?.email) throw new AccountError('user-not-found', 'Обліковий запис не знайдено');
      let mailed: boolean;
      try {
        ({ mailed } = await ctx.identity.sendPasswordReset(account.email, {
          uid: ctx.user.uid,
          email: ctx.user.email,
        }));
      } catch (err) {
        // Refused by the SMTP server or unreachable (recorded in the audit log): say so, never "sent".
        if (err instanceof MailSendError)
          throw new TRPCError({ code: 'BAD_GATEWAY', message: mailFailedMessage(account.email), cause: err });
        throw err;
      }
      // Without SMTP nothing was sent: say so, and how the server's administrator makes a link instead.
      return mailed
        ? {
            email: account.email,
            mailed: true as const,
            message: `Посилання для зміни пароля надіслано на ${account.email}`,
          }
        : { email: account.email, mailed: false as const, message: noMailMessage(account.email) };
    }),
  ),
  sendEmailVerification: adminOnlyProcedure.input(uidInput).mutation(({ ctx, input }) =>
    guard(async () => {
      const actor = { uid: ctx.user.uid, email: ctx.user.email };
      const { mailed } = await ctx.identity.sendEmailVerification(input.uid, actor).catch((err: unknown) => {
        if (err instanceof MailSendError)
          throw new TRPCError({ code: 'BAD_GATEWAY', message: VERIFY_MAIL_FAILED, cause: err });
        throw err;
      });
      return { mailed, message: mailed ? 'Лист для підтвердження адреси надіслано' : VERIFY_NO_MAIL };
    }),
  ),
  delete: adminOnlyProcedure.input(uidInput).mutation(({ ctx, input }) =>
    guard(async () => {
      if (input.uid === ctx.user.uid)
        throw new TRPCError({ code: 'PRECONDITION_FAILED', message: 'Не можна видалити власний обліковий запис тут' });
      await ctx.identity.deleteAccount(input.uid);
      return { uid: input.uid };
    }),
  ),
});
