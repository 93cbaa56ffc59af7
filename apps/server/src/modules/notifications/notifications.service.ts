import {
  DEFAULT_REMINDER_OFFSET,
  NOTIFICATION_SETTING_TYPES,
  NOTIFICATION_SETTINGS_CHANGE_AUDIT_EVENT,
  NOTIFICATION_TYPE_FIELDS,
  REGISTRATION_CODED_FIELDS,
  isDigestOffset,
  isValidEmail,
  type NotificationSettingType,
  type PatientNotificationSettings,
  type RegistrationDetails,
  type ConfirmNoticeDestination,
  type SaveNotificationSettingsBody,
  type SendNoticeCode,
  type SystemReminderSettings,
} from '@portal/contracts';
import type { Database, DbOrTx } from '../../db/client';
import type { PatientScope } from '../../platform/access/patient-scope';
import { audit } from '../../platform/audit/audit';
import { lookupCodes } from '../../platform/content/lookup-codes';
import { badRequest, notFound } from '../../platform/errors/app-error';
import {
  findChannelRow,
  findFacilityOffer,
  findPatientContact,
  findPreferences,
  findRegistration,
  listChannelRows,
  saveSettings,
  type FacilityOfferRow,
  type PreferencesRow,
} from './notifications.repository';
import { isPending, type NoticeDestinations } from './notice-destinations';

export const NOTIFICATION_MESSAGES = {
  notSaved: 'No notification settings are saved for this patient.',
  notOffered: (field: string) => `${field}: this facility does not offer this kind of notification.`,
  noPrimaryEmail:
    'usePrimaryEmail: there is no valid primary email address; give another email address for email notifications.',
  otherEmailRequired: 'nonPrimaryEmailAddress: an email address is required for email notifications.',
  smsPhoneRequired: 'smsPhoneNumber: a phone number is required for text message notifications.',
} as const;

/** The system reminder settings of a facility, in the spec's names (no row of its own: every channel). */
export function systemReminderSettingsOf(row: FacilityOfferRow | undefined): SystemReminderSettings {
  const offers = (value: boolean | undefined) => value ?? true;
  return {
    patientAppointmentEmailEnabled: offers(row?.appointmentEmail),
    patientAppointmentSmsEnabled: offers(row?.appointmentSms),
    patientFollowUpEmailEnabled: offers(row?.followUpEmail),
    patientFollowUpSmsEnabled: offers(row?.followUpSms),
    patientSecureMessageEmailEnabled: offers(row?.secureMessageEmail),
    patientSecureMessageSmsEnabled: offers(row?.secureMessageSms),
    patientQuestionnaireEmailEnabled: offers(row?.questionnaireEmail),
    patientQuestionnaireSmsEnabled: offers(row?.questionnaireSms),
    patientDefaultAppointmentReminderOffset: row?.defaultAppointmentReminderOffset ?? DEFAULT_REMINDER_OFFSET,
    patientDefaultFollowUpReminderOffset: row?.defaultFollowUpReminderOffset ?? DEFAULT_REMINDER_OFFSET,
  };
}

/** Where notices go now, and whether a typed destination waits for its code. */
function destinationsOf(preferences: PreferencesRow | undefined, primaryEmail: string | null) {
  const saved = preferences ?? {
    usePrimaryEmail: true,
    nonPrimaryEmailAddress: null,
    smsPhoneNumber: null,
    noticeEmailAddress: null,
    noticeSmsPhoneNumber: null,
  };
  return {
    emailConfirmationPending: isPending(saved, 'email'),
    smsConfirmationPending: isPending(saved, 'sms'),
    emailNoticesTo: (saved.usePrimaryEmail ? null : saved.noticeEmailAddress) ?? primaryEmail,
    smsNoticesTo: saved.noticeSmsPhoneNumber,
  };
}

/** The fields of the page that differ between two states (the audit row's detail: names, never values). */
export function changedFields(
  before: PatientNotificationSettings | null,
  after: PatientNotificationSettings,
): string[] {
  // Only what the page sets: not what the server works out from it.
  const derived = new Set<string>([
    'primaryEmail',
    'showAppointmentNotificationDigestHint',
    'emailConfirmationPending',
    'smsConfirmationPending',
    'emailNoticesTo',
    'smsNoticesTo',
  ]);
  const keys = Object.keys(after).filter((key) => !derived.has(key)) as (keyof PatientNotificationSettings)[];
  return before === null ? keys : keys.filter((key) => before[key] !== after[key]);
}

export class NotificationsService {
  constructor(
    private readonly db: Database['db'],
    private readonly destinations: NoticeDestinations,
  ) {}

  /** One type's summary form, as the appointments and follow-up pages read it; 404 when never saved. */
  async summary(scope: PatientScope, type: NotificationSettingType) {
    const row = await findChannelRow(this.db, scope, type);
    if (!row) throw notFound('not_found', NOTIFICATION_MESSAGES.notSaved);
    return { patientSettings: { email: row.email, sms: row.sms } };
  }

  /** The whole page; 404 when the patient has saved nothing (the page shows the defaults). */
  async settings(scope: PatientScope): Promise<PatientNotificationSettings> {
    const found = await this.read(scope);
    if (!found) throw notFound('not_found', NOTIFICATION_MESSAGES.notSaved);
    return found;
  }

  private async read(scope: PatientScope, db: DbOrTx = this.db): Promise<PatientNotificationSettings | null> {
    const channels = await listChannelRows(db, scope);
    const preferences = await findPreferences(db, scope);
    if (channels.length === 0 && !preferences) return null;
    const contact = await findPatientContact(db, scope);
    const facility = contact ? await findFacilityOffer(db, contact.facilityId) : undefined;
    const answer: Record<string, unknown> = {};
    for (const type of NOTIFICATION_SETTING_TYPES) {
      const row = channels.find((c) => c.type === type);
      answer[NOTIFICATION_TYPE_FIELDS[type].email] = row?.email ?? false;
      answer[NOTIFICATION_TYPE_FIELDS[type].sms] = row?.sms ?? false;
    }
    const appointmentReminderOffset =
      preferences?.appointmentReminderOffset ?? facility?.defaultAppointmentReminderOffset ?? DEFAULT_REMINDER_OFFSET;
    const followUpReminderOffset =
      preferences?.followUpReminderOffset ?? facility?.defaultFollowUpReminderOffset ?? DEFAULT_REMINDER_OFFSET;
    return {
      ...(answer as Pick<
        PatientNotificationSettings,
        (typeof NOTIFICATION_TYPE_FIELDS)[NotificationSettingType]['email' | 'sms']
      >),
      usePrimaryEmail: preferences?.usePrimaryEmail ?? true,
      nonPrimaryEmailAddress: preferences?.nonPrimaryEmailAddress ?? null,
      smsPhoneNumber: preferences?.smsPhoneNumber ?? null,
      appointmentReminderOffset,
      followUpReminderOffset,
      showAppointmentNotificationDigestHint:
        isDigestOffset(appointmentReminderOffset) || isDigestOffset(followUpReminderOffset),
      primaryEmail: contact?.primaryEmail ?? null,
      ...destinationsOf(preferences, contact?.primaryEmail ?? null),
    };
  }

  /**
   * Saves the page after the rules of spec 002 section 5: only channels the facility offers; an email notice
   * needs a valid address (the primary one or the other one); a text message notice needs a phone number.
   */
  async save(
    scope: PatientScope,
    body: SaveNotificationSettingsBody,
    ip: string,
  ): Promise<PatientNotificationSettings> {
    const contact = await findPatientContact(this.db, scope);
    if (!contact) throw notFound('not_found', 'Not found.');
    const offer = systemReminderSettingsOf(await findFacilityOffer(this.db, contact.facilityId));
    for (const type of NOTIFICATION_SETTING_TYPES) {
      const fields = NOTIFICATION_TYPE_FIELDS[type];
      if (body[fields.email] && !offer[fields.offersEmail]) {
        throw badRequest('channel_not_offered', NOTIFICATION_MESSAGES.notOffered(fields.email), fields.email);
      }
      if (body[fields.sms] && !offer[fields.offersSms]) {
        throw badRequest('channel_not_offered', NOTIFICATION_MESSAGES.notOffered(fields.sms), fields.sms);
      }
    }
    const nonPrimaryEmailAddress = body.nonPrimaryEmailAddress ?? null;
    const smsPhoneNumber = body.smsPhoneNumber ?? null;
    const anyEmail = NOTIFICATION_SETTING_TYPES.some((type) => body[NOTIFICATION_TYPE_FIELDS[type].email]);
    const anySms = NOTIFICATION_SETTING_TYPES.some((type) => body[NOTIFICATION_TYPE_FIELDS[type].sms]);
    if (anyEmail && body.usePrimaryEmail && !(contact.primaryEmail && isValidEmail(contact.primaryEmail))) {
      throw badRequest('email_required', NOTIFICATION_MESSAGES.noPrimaryEmail, 'usePrimaryEmail');
    }
    if (anyEmail && !body.usePrimaryEmail && nonPrimaryEmailAddress === null) {
      throw badRequest('email_required', NOTIFICATION_MESSAGES.otherEmailRequired, 'nonPrimaryEmailAddress');
    }
    if (anySms && smsPhoneNumber === null) {
      throw badRequest('sms_phone_required', NOTIFICATION_MESSAGES.smsPhoneRequired, 'smsPhoneNumber');
    }

    const before = await this.read(scope);
    const saved = await findPreferences(this.db, scope);
    const plan = await this.destinations.plan(scope, saved, {
      usePrimaryEmail: body.usePrimaryEmail,
      nonPrimaryEmailAddress,
      smsPhoneNumber,
    });
    await this.destinations.countCodes(scope, plan.codes, ip);
    const after = await this.db.transaction(async (tx) => {
      await saveSettings(
        tx,
        scope,
        NOTIFICATION_SETTING_TYPES.map((type) => ({
          type,
          email: body[NOTIFICATION_TYPE_FIELDS[type].email],
          sms: body[NOTIFICATION_TYPE_FIELDS[type].sms],
        })),
        {
          usePrimaryEmail: body.usePrimaryEmail,
          nonPrimaryEmailAddress,
          smsPhoneNumber,
          appointmentReminderOffset: body.appointmentReminderOffset,
          followUpReminderOffset: body.followUpReminderOffset,
        },
      );
      await this.destinations.apply(tx, scope, plan);
      const written = (await this.read(scope, tx))!;
      await audit(tx, scope, NOTIFICATION_SETTINGS_CHANGE_AUDIT_EVENT, { changed: changedFields(before, written) });
      return written;
    });
    if (plan.codes.length > 0) this.destinations.notifyQueued();
    return after;
  }

  /** The code sent to a new destination: confirmed, notices go there from now on. */
  async confirmDestination(scope: PatientScope, body: ConfirmNoticeDestination): Promise<PatientNotificationSettings> {
    await this.destinations.confirm(scope, await findPreferences(this.db, scope), body.channel, body.code);
    return (await this.read(scope))!;
  }

  /** "Send a new code" to the channel's destination waiting for confirmation. */
  async sendCode(scope: PatientScope, body: SendNoticeCode, ip: string): Promise<void> {
    await this.destinations.resend(scope, await findPreferences(this.db, scope), body.channel, ip);
    this.destinations.notifyQueued();
  }

  async systemReminderSettings(facilityId: number): Promise<SystemReminderSettings> {
    return systemReminderSettingsOf(await findFacilityOffer(this.db, facilityId));
  }

  async registrationDetails(scope: PatientScope): Promise<RegistrationDetails> {
    const row = await findRegistration(this.db, scope);
    if (!row) throw notFound('not_found', 'Not found.');
    const { patient: p, details: d } = row;
    const details = {
      fullName: [p.firstName, p.middleName, p.lastName, p.suffix].filter((part) => part && part.trim()).join(' '),
      mrn: p.mrn,
      gender: p.sex,
      dateOfBirth: p.dateOfBirth,
      birthCountry: d?.birthCountry ?? null,
      ethnicity: d?.ethnicity ?? null,
      race: d?.race ?? null,
      religion: d?.religion ?? null,
      primaryLanguage: d?.primaryLanguage ?? null,
      citizenship: d?.citizenship ?? null,
      maritalStatus: d?.maritalStatus ?? null,
      mothersMaidenName: d?.mothersMaidenName ?? null,
      occupation: d?.occupation ?? null,
      homePhone: p.homePhone,
      mobilePhone: p.mobilePhone,
      primaryEmail: p.primaryEmail,
      preferredCommunication: d?.preferredCommunication ?? null,
      address1: p.address1,
      address2: p.address2,
      city: p.city,
      state: p.state,
      zipCode: p.zipCode,
      country: p.country,
      insuranceNote: d?.insuranceNote ?? null,
      advancedDirectiveNote: d?.advancedDirectiveNote ?? null,
      isClinicalTrial: d?.isClinicalTrial ?? false,
      clinicalTrialID: d?.clinicalTrialId ?? null,
    };
    // The values stay as the facility sent them; their codes let the browser name them in the reader's language.
    return { ...details, codes: lookupCodes(REGISTRATION_CODED_FIELDS, details) };
  }
}
