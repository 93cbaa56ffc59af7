import { LIMITS } from '../constants/limits';

export const EMAIL_MIN_LENGTH = LIMITS.emailMin;
export const EMAIL_FORMAT_MESSAGE_KEY = 'emailInvalidFormat';
export const EMAIL_FORMAT_MESSAGE = 'Email address is not in correct format.';

const LOCAL_ATOM = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?';
const OCTET = '(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])';
const EMAIL_PATTERN = new RegExp(
  `^${LOCAL_ATOM}(?:\\.${LOCAL_ATOM})*@(?:(?:${LABEL}\\.)+[A-Za-z]{2,9}|\\[${OCTET}(?:\\.${OCTET}){3}\\])$`,
);

export function isValidEmail(value: string): boolean {
  return value.length >= EMAIL_MIN_LENGTH && EMAIL_PATTERN.test(value);
}

/** True when both addresses are the same mailbox as far as the user is concerned (drives 'emailNotUpdatedMessage'). */
export function sameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}
