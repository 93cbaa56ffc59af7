import { describe, expect, it } from 'vitest';
import {
  EMAIL_FIELDS,
  emailFormErrors,
  firstError,
  initialEmailForm,
  SECURE_FIELDS,
  secureFormErrors,
} from './transmit-form';

describe('Send by Email', () => {
  it("starts with the user's own address as From", () => {
    expect(initialEmailForm(' jane.doe@example.com ')).toEqual({ from: 'jane.doe@example.com', to: '', message: '' });
    expect(initialEmailForm(null)).toEqual({ from: '', to: '', message: '' });
  });

  it('needs From and To in the shared email pattern; the message is optional up to 2000 characters', () => {
    expect(emailFormErrors({ from: 'jane.doe@example.com', to: 'dr.lee@example.org', message: '' })).toEqual({});
    expect(emailFormErrors({ from: '  ', to: 'dr.lee@', message: 'x'.repeat(2001) })).toEqual({
      from: { key: 'common.required' },
      to: { key: 'common.emailFormat' },
      message: { key: 'common.maxLength', params: { maxLength: 2000 } },
    });
    expect(emailFormErrors({ from: 'a@b.co', to: 'c@d.co', message: 'x'.repeat(2000) })).toEqual({});
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
});
