import { randomInt } from 'node:crypto';
import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { PASSWORD_SPECIAL_CHARACTERS, type PasswordRules } from '@portal/contracts';

// OWASP's recommended argon2id parameters.
// Algorithm is a const enum, which isolated modules cannot read: 2 is Argon2id.
const PARAMS = { algorithm: 2 as Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, PARAMS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

export const TEMPORARY_PASSWORD_LENGTH = 14;

const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnpqrstuvwxyz';
const DIGITS = '23456789';

function pick(alphabet: string): string {
  return alphabet[randomInt(alphabet.length)]!;
}

/**
 * A random password that meets the facility's rules: at least 14 characters (or the facility
 * minimum), with the required capitals, digits and special characters, and at least one of each.
 * Look-alike characters (I, l, O, 0, 1) are left out so it can be typed from an email.
 */
export function generateTemporaryPassword(rules: PasswordRules, length = TEMPORARY_PASSWORD_LENGTH): string {
  const chars: string[] = [];
  for (let i = 0; i < Math.max(1, rules.numOfCapitalLetters); i++) chars.push(pick(UPPER));
  for (let i = 0; i < Math.max(1, rules.numOfNumbers); i++) chars.push(pick(DIGITS));
  for (let i = 0; i < Math.max(1, rules.numOfSpecialCharacters); i++) chars.push(pick(PASSWORD_SPECIAL_CHARACTERS));
  const total = Math.max(length, rules.minimumLength, chars.length + 1);
  while (chars.length < total) chars.push(pick(LOWER + UPPER + DIGITS));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}
