import type { LanguagePack } from '@portal/contracts';
import { compose, type RenderedMail } from '../../platform/mail/templates';

// The two emails of personal contacts, composed like every other mail (platform/mail/templates.ts).

/** The invitation to become a patient's representative: the sign-up link, never the PIN. */
export function invitationMail(input: {
  language: LanguagePack;
  portalName: string;
  contactFirstName: string;
  patientName: string;
  signUpUrl: string;
  days: number;
}): RenderedMail {
  const who = { patientName: input.patientName };
  return compose(
    { language: input.language, portalName: input.portalName, name: input.contactFirstName },
    { key: 'mail.invitation.subject', params: { portalName: input.portalName } },
    [
      { kind: 'line', key: 'mail.invitation.intro', params: { ...who, portalName: input.portalName } },
      { kind: 'line', key: 'mail.invitation.action' },
      { kind: 'link', url: input.signUpUrl },
      { kind: 'line', key: 'mail.invitation.pin', params: who },
      { kind: 'line', key: 'mail.invitation.expiry', params: { days: input.days } },
      { kind: 'line', key: 'mail.invitation.ignore', params: who },
    ],
  );
}

/** A temporary password for a representative, asked for by the patient they represent. */
export function contactPasswordResetMail(input: {
  language: LanguagePack;
  portalName: string;
  firstName: string;
  username: string;
  patientName: string;
  temporaryPassword: string;
  hours: number;
  loginUrl: string;
}): RenderedMail {
  return compose(
    { language: input.language, portalName: input.portalName, name: input.firstName },
    { key: 'mail.contactPasswordReset.subject', params: { portalName: input.portalName } },
    [
      {
        kind: 'line',
        key: 'mail.contactPasswordReset.intro',
        params: { patientName: input.patientName, portalName: input.portalName, username: input.username },
      },
      { kind: 'line', key: 'mail.temporaryPassword.label' },
      { kind: 'secret', value: input.temporaryPassword },
      { kind: 'line', key: 'mail.temporaryPassword.expiry', params: { hours: input.hours } },
      { kind: 'link', url: input.loginUrl },
      { kind: 'line', key: 'mail.contactPasswordReset.ignore', params: { patientName: input.patientName } },
    ],
  );
}
