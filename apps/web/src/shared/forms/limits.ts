import { LIMITS } from '@portal/contracts';

/** The longest value each kind of form field takes (its maxLength): the contracts' LIMITS, which the server's schemas use too. */
export const FIELD_MAX = {
  username: LIMITS.usernameMax,
  name: LIMITS.nameMax,
  zipCode: LIMITS.zipCode,
  email: LIMITS.emailMax,
  password: LIMITS.passwordMax,
  pin: LIMITS.pinMax,
  mrn: LIMITS.mrnMax,
  ssn: LIMITS.ssnLength,
  suffix: LIMITS.suffixMax,
  addressLine: LIMITS.addressLineMax,
  place: LIMITS.placeMax,
  phone: LIMITS.phoneMax,
} as const;
