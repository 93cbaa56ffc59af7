import { z } from 'zod';
import { BROWSER_AUDIT_EVENTS } from '../constants/audit';
import { LIMITS } from '../constants/limits';
import { emailSchema } from './fields';
import { PreferenceSchema } from './auth';

// Module accounts (spec 000): terms, email change and confirmation, passwords, language, preferences,
// audit events. The browser imports only the types of this file.

/* ---------------------------------------------------------------- account */

export const JsonPatchSchema = z
  .array(z.object({ op: z.literal('replace'), path: z.string().max(100), value: z.unknown() }).strict())
  .length(1, 'must hold exactly one replace operation');

/**
 * The email change as a JSON patch: one replace of /email and, when the account already has an email, a
 * test of /password whose value is the current password (the server checks it, it is never stored here).
 */
export const EmailPatchSchema = z
  .array(
    z.discriminatedUnion('op', [
      z.object({ op: z.literal('replace'), path: z.string().max(100), value: z.unknown() }).strict(),
      z.object({ op: z.literal('test'), path: z.string().max(100), value: z.unknown() }).strict(),
    ]),
  )
  .min(1, 'must hold one replace operation')
  .max(2, 'must hold one replace operation and at most one test of /password');

export const EmailChangedSchema = z.object({ userId: z.number().int(), email: z.string() });

export const ChangeEmailSchema = z
  .object({
    isPatient: z.boolean(),
    usePrimaryEmail: z.boolean().optional(),
    userId: z.number().int(),
    patientId: z.number().int().nullable().optional(),
    email: emailSchema,
    /** Needed when the account already has an email (a change, not a first address). */
    currentPassword: z.string().max(LIMITS.passwordMax).optional(),
  })
  .strict();

export const ConfirmEmailSchema = z.object({ encryptedUserId: z.string().min(1).max(200) }).strict();
export const UserValidationSchema = z.object({ userValidation: z.boolean() });

export const ForgotPasswordQuerySchema = z.object({
  userName: z.string().trim().min(1).max(LIMITS.usernameMax),
  language: z.string().max(35).optional(),
});

export const ChangePasswordSchema = z
  .object({
    oldPassword: z.string().min(1).max(LIMITS.passwordMax),
    newPassword: z.string().min(1).max(LIMITS.passwordMax),
    confirmPassword: z.string().min(1).max(LIMITS.passwordMax),
  })
  .strict();
export const ForcedChangePasswordSchema = ChangePasswordSchema.extend({
  userName: z.string().trim().min(1).max(LIMITS.usernameMax),
}).strict();

export const PreferredLanguageSchema = z.object({ language: z.string().nullable() });
export const PreferenceUpdateSchema = PreferenceSchema.extend({ userId: z.number().int() }).strict();
/* ------------------------------------------------------------ preferences */

export const PreferencesQuery = z.object({
  name: z.string().max(100).optional(),
  names: z.string().max(1000).optional().describe('Comma-separated names'),
});

/* ------------------------------------------------------------------ audit */

export const AuditRequestSchema = z
  .object({
    auditEventType: z.enum(BROWSER_AUDIT_EVENTS, {
      error: `must be one of the view events: ${BROWSER_AUDIT_EVENTS.join(', ')}`,
    }),
    patientId: z.number().int().positive(),
  })
  .strict();

export type ChangeEmail = z.input<typeof ChangeEmailSchema>;
export type EmailChanged = z.infer<typeof EmailChangedSchema>;
export type ForcedChangePassword = z.input<typeof ForcedChangePasswordSchema>;
export type UserValidation = z.infer<typeof UserValidationSchema>;
