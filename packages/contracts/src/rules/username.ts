import { LIMITS } from '../constants/limits';

export const USERNAME_MIN = LIMITS.usernameMin;
export const USERNAME_MAX = LIMITS.usernameMax;
export const USERNAME_FORMAT_MESSAGE = 'Invalid username format';

const USERNAME_PATTERN = new RegExp(`^[A-Za-z0-9][A-Za-z0-9@._-]{${USERNAME_MIN - 1},${USERNAME_MAX - 1}}$`);

export function isValidUsername(value: string): boolean {
  return USERNAME_PATTERN.test(value);
}
