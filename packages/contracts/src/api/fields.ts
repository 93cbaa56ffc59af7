import { z } from 'zod';
import { EMAIL_FORMAT_MESSAGE_KEY, isValidEmail } from '../rules/email';
import { USERNAME_FORMAT_MESSAGE, isValidUsername } from '../rules/username';
import { LIMITS } from '../constants/limits';

// Schemas live under api/ so that the browser, which imports only rules/ and constants/, never bundles zod.
export const emailSchema = z
  .string()
  .trim()
  .max(LIMITS.emailMax)
  .refine(isValidEmail, { error: EMAIL_FORMAT_MESSAGE_KEY });

export const usernameSchema = z.string().refine(isValidUsername, { error: USERNAME_FORMAT_MESSAGE });
