/**
 * The sign-in methods of an account (password, the institute's single sign-on, Firebase's own
 * providers) and their unlinking, admin only; spread into the AuthUsers router
 * (`authUsers.signInMethods`, `authUsers.unlink`).
 */
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { uidInput } from '../../../shared/authUsers';
import { UnlinkError, type FederatedAccounts } from '../../identity/federation/types';
import { adminOnlyProcedure } from '../init';

const unlinkInput = z
  .object({ uid: z.string().trim().min(1).max(128), providerId: z.string().trim().min(1).max(100) })
  .strict();

const CODE = {
  'last-method': 'PRECONDITION_FAILED',
  'not-linked': 'NOT_FOUND',
  'user-not-found': 'NOT_FOUND',
} as const;

async function guard<T>(federation: FederatedAccounts | undefined, run: (f: FederatedAccounts) => Promise<T>) {
  if (!federation) throw new TRPCError({ code: 'PRECONDITION_FAILED', message: 'Способи входу недоступні' });
  try {
    return await run(federation);
  } catch (err) {
    if (err instanceof UnlinkError) throw new TRPCError({ code: CODE[err.code], message: err.message, cause: err });
    throw err;
  }
}

export const authUserMethodProcedures = {
  /** `[{ providerId, email }]`: 'password', 'oidc', 'google.com', … */
  signInMethods: adminOnlyProcedure
    .input(uidInput)
    .query(({ ctx, input }) => guard(ctx.federation, (f) => f.signInMethods(input.uid))),
  /** Removes one method and answers the remaining ones; never the last (PRECONDITION_FAILED). */
  unlink: adminOnlyProcedure
    .input(unlinkInput)
    .mutation(({ ctx, input }) => guard(ctx.federation, (f) => f.unlink(input.uid, input.providerId))),
};
