import { describe, expect, it } from 'vitest';
import {
  EMAIL_FIELDS,
  emailFormErrors,
  confirmedSender,
  firstError,
  SECURE_FIELDS,
  secureFormErrors,
  secureSendFailure,
} from './transmit-form';

describe('Send by Email', () => {
  it("sends from the account's address once it is confirmed, else from none", () => {
    expect(confirmedSender({ email: ' jane.doe@example.com ', isEmailConfirmed: true })).toBe('jane.doe@example.com');
    expect(confirmedSender({ email: 'jane.doe@example.com', isEmailConfirmed: false })).toBeNull();
    expect(confirmedSender({ email: null, isEmailConfirmed: true })).toBeNull();
    expect(confirmedSender(undefined)).toBeNull();
  });

  it('needs To in the shared email pattern; the message is optional up to 2000 characters', () => {
    expect(emailFormErrors({ to: 'dr.lee@example.org', message: '' })).toEqual({});
    expect(emailFormErrors({ to: '  ', message: '' })).toEqual({ to: { key: 'common.required' } });
    expect(emailFormErrors({ to: 'dr.lee@', message: 'x'.repeat(2001) })).toEqual({
      to: { key: 'common.emailFormat' },
      message: { key: 'common.maxLength', params: { maxLength: 2000 } },
    });
    expect(emailFormErrors({ to: 'c@d.co', message: 'x'.repeat(2000) })).toEqual({});
  });

  it('puts the keyboard on the first field with an error', () => {
    expect(firstError(EMAIL_FIELDS, { to: { key: 'x' }, message: { key: 'y' } })).toBe('to');
    expect(firstError(EMAIL_FIELDS, {})).toBeNull();
  });
});

describe('Send Securely', () => {
  it('needs a Direct address, named in its message when it is not one', () => {
    expect(secureFormErrors({ to: 'dr.lee@direct.example-clinic.org', message: '' })).toEqual({});
    expect(secureFormErrors({ to: ' ', message: '' })).toEqual({ to: { key: 'common.required' } });
    expect(secureFormErrors({ to: ' dr.lee@direct ', message: 'x'.repeat(2001) })).toEqual({
      to: { key: 'healthSummary.sendSecurely.invalidAddress', params: { email: 'dr.lee@direct' } },
      message: { key: 'common.maxLength', params: { maxLength: 2000 } },
    });
    expect(firstError(SECURE_FIELDS, { message: { key: 'y' } })).toBe('message');
  });

  it('says what to do after a refused send: the refusal text, which names the office and email', () => {
    expect(secureSendFailure({ status: 422, code: 'healthsummarysendsecurelyfailed' })).toEqual({
      key: 'healthSummary.messages.healthsummarysendsecurelyfailed',
    });
    expect(secureSendFailure({ status: 409, code: 'noCcdaConfigured' })).toEqual({
      key: 'healthSummary.messages.noCcdaConfigured',
    });
    expect(secureSendFailure(null)).toBeNull();
  });
});
