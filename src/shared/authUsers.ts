/** Inputs of the AuthUsers (sign-in accounts) procedures, shared by the server and the admin forms. */
import { z } from 'zod';
import {
  LONG_PASSWORD_MESSAGE,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  WEAK_PASSWORD_MESSAGE,
} from './passwordRules';

export const roleSchema = z.enum(['admin', 'editor']);
/** A staff member's role: admins manage accounts and settings, editors the content. */
export type StaffRole = z.infer<typeof roleSchema>;
export const ROLE_LABELS = { admin: 'Адміністратор', editor: 'Редактор' } as const;

const uid = z.string().trim().min(1).max(128);

export const listAccountsInput = z
  .object({
    search: z.string().trim().max(200).optional(),
    pageToken: z.string().max(500).optional(),
    limit: z.number().int().min(1).max(200).default(50),
  })
  .strict()
  .default({ limit: 50 });

export const createAccountInput = z
  .object({
    email: z.email({ error: 'Невірна адреса електронної пошти' }).max(254),
    password: z
      .string()
      .min(MIN_PASSWORD_LENGTH, WEAK_PASSWORD_MESSAGE)
      .max(MAX_PASSWORD_LENGTH, LONG_PASSWORD_MESSAGE),
    displayName: z.string().trim().max(200).default(''),
    role: roleSchema.nullable(),
  })
  .strict();

export const setRoleInput = z.object({ uid, role: roleSchema.nullable() }).strict();
export const setDisabledInput = z.object({ uid, disabled: z.boolean() }).strict();
export const uidInput = z.object({ uid }).strict();
export const setPasswordInput = z
  .object({
    uid,
    password: z
      .string()
      .min(MIN_PASSWORD_LENGTH, WEAK_PASSWORD_MESSAGE)
      .max(MAX_PASSWORD_LENGTH, LONG_PASSWORD_MESSAGE),
  })
  .strict();
