import {
  ConfirmNoticeDestinationSchema,
  NOTICE_CODE_SENT_AUDIT_EVENT,
  NOTICE_CONFIRMATION,
  NOTICE_DESTINATION_CONFIRM_AUDIT_EVENT,
  NOTIFICATION_SETTINGS_CHANGE_AUDIT_EVENT,
  NotificationSettingsSchema,
  NotificationSettingsTypeQuery,
  PatientIdParams,
  PatientNotificationSettingsSchema,
  REMINDER_TIMING_OPTIONS,
  RegistrationDetailsSchema,
  SaveNotificationSettingsSchema,
  SendNoticeCodeSchema,
  SystemReminderSettingsSchema,
} from '@portal/contracts';
import { requireCaller, scopeOf } from '../../platform/access/access-control';
import { forbidden } from '../../platform/errors/app-error';
import { NO_CONTENT, patientRoute, STANDARD_ERRORS, type RouteApp } from '../../platform/http/routes';
import { NOTICE_DESTINATION_MESSAGES, NoticeDestinations } from './notice-destinations';
import { NOTIFICATION_MESSAGES, NotificationsService } from './notifications.service';

// Notification settings, the facility's reminder channels and the patient's registration details (spec 002, 2.8).

const TAGS = ['Account settings'];
const WHO =
  ' The patient or an authorised representative (the settings are the patient’s); kiosk and link sessions 403; ' +
  'anyone else 404.';
const TIMINGS = REMINDER_TIMING_OPTIONS.map((o) => `${o.id} ${o.name}`).join(', ');

export async function notificationRoutes(app: RouteApp) {
  const { config, database, outbox, smsOutbox, limits } = app.deps;
  const destinations = new NoticeDestinations({
    db: database.db,
    outbox,
    smsOutbox,
    limits,
    canSendMail: !(config.env === 'production' && !config.smtpUrl),
    canSendSms: !(config.env === 'production' && !config.sms),
  });
  const service = new NotificationsService(database.db, destinations);

  app.get(
    '/api/patients/:patientId/NotificationSettings',
    patientRoute({
      tags: TAGS,
      summary: 'The patient’s notification settings (or one type’s channels)',
      description:
        'Without type: the whole account settings page: per notice type (appointments, follow-ups, secure ' +
        'messages, questionnaires) whether the patient is told by email and by text message, usePrimaryEmail ' +
        '(else nonPrimaryEmailAddress), smsPhoneNumber (ten digits), and the appointment and follow-up reminder ' +
        `timing (ids: ${TIMINGS}); primaryEmail is the address "use my primary email" means; ` +
        'showAppointmentNotificationDigestHint is true when a digest is chosen. With type (Appointments, ' +
        'Followups, SecureMessages or Questionnaires; else 400 validation_failed naming type): that type’s ' +
        '{ patientSettings: { email, sms } }, for the appointments and follow-up pages’ notification line. 404 ' +
        `not_found (“${NOTIFICATION_MESSAGES.notSaved}”) when the patient has saved nothing (for that type): the ` +
        'browser then uses the defaults.' +
        WHO,
      params: PatientIdParams,
      querystring: NotificationSettingsTypeQuery,
      response: { 200: PatientNotificationSettingsSchema.or(NotificationSettingsSchema) },
    }),
    async (request) => {
      const { type } = request.query;
      return type ? service.summary(scopeOf(request), type) : service.settings(scopeOf(request));
    },
  );

  app.put(
    '/api/patients/:patientId/NotificationSettings',
    patientRoute({
      tags: TAGS,
      summary: 'Save the patient’s notification settings',
      description:
        'Saves the whole page and answers it as GET does. Every channel box is required; nonPrimaryEmailAddress ' +
        'must be a valid email address when given (empty is none); smsPhoneNumber is kept as its digits, which ' +
        'must be ten (empty is none); the timings are ids of the reminder timing options. 400 naming the field: ' +
        'channel_not_offered for a box the facility does not offer (GET /api/systemremindersettings); ' +
        'email_required when an email notice is on without a valid address (usePrimaryEmail with no valid ' +
        'primary address, or nonPrimaryEmailAddress missing); sms_phone_required when a text message notice is ' +
        `on without smsPhoneNumber. Writes the audit row ${NOTIFICATION_SETTINGS_CHANGE_AUDIT_EVENT} (the names ` +
        'of the fields that changed). A new other address (usePrimaryEmail false) or SMS number is not used until ' +
        `confirmed: a code of ${NOTICE_CONFIRMATION.codeDigits} digits goes to it (good for ` +
        `${NOTICE_CONFIRMATION.codeMinutes} minutes, ${NOTICE_CONFIRMATION.maxAttempts} tries; audit row ` +
        `${NOTICE_CODE_SENT_AUDIT_EVENT}), the answer says emailConfirmationPending or smsConfirmationPending, and ` +
        'notices keep going to emailNoticesTo and smsNoticesTo. One in use or confirmed before needs no code. The ' +
        'codes count against the limits every mail shares: 429 too_many_attempts, nothing saved.' +
        WHO,
      params: PatientIdParams,
      body: SaveNotificationSettingsSchema,
      response: { 200: PatientNotificationSettingsSchema },
    }),
    async (request) => service.save(scopeOf(request), request.body, request.ip),
  );

  app.post(
    '/api/patients/:patientId/NotificationSettings/confirmation',
    patientRoute({
      tags: TAGS,
      summary: 'Confirm a new notification address or SMS number with its code',
      description:
        'channel email (the other address) or sms (the SMS number) and the code sent to it. Right: the ' +
        'destination is confirmed and notices go there from now on; the answer is the page as GET gives it. ' +
        `400 naming code: wrong_code (“${NOTICE_DESTINATION_MESSAGES.wrongCode}”, the try counted), code_expired ` +
        `(“${NOTICE_DESTINATION_MESSAGES.codeExpired}”: past ${NOTICE_CONFIRMATION.codeMinutes} minutes, ` +
        `${NOTICE_CONFIRMATION.maxAttempts} wrong tries, or none sent). 409 nothing_to_confirm when the channel has ` +
        `no destination waiting. Every try writes ${NOTICE_DESTINATION_CONFIRM_AUDIT_EVENT} (channel; a failure ` +
        'its reason).' +
        WHO,
      params: PatientIdParams,
      body: ConfirmNoticeDestinationSchema,
      response: { 200: PatientNotificationSettingsSchema },
    }),
    async (request) => service.confirmDestination(scopeOf(request), request.body),
  );

  app.post(
    '/api/patients/:patientId/NotificationSettings/code',
    patientRoute({
      tags: TAGS,
      summary: 'Send a new code to the notification address or SMS number waiting for confirmation',
      description:
        'channel email or sms: a new code replaces the earlier one (its tries start again). 204. 409 ' +
        'nothing_to_confirm when the channel has no destination waiting; 503 cannot_send when nothing could ' +
        'deliver it (production without SMTP or SMS); 429 too_many_attempts past the limits every mail shares.' +
        WHO,
      params: PatientIdParams,
      body: SendNoticeCodeSchema,
      response: { 204: NO_CONTENT },
    }),
    async (request, reply) => {
      await service.sendCode(scopeOf(request), request.body, request.ip);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/systemremindersettings',
    {
      config: { access: 'session' },
      schema: {
        tags: TAGS,
        summary: 'The notification channels the caller’s facility offers',
        description:
          'Per notice type whether the facility sends email and text message notices (the boxes a patient may ' +
          'tick), and the reminder timing a patient starts with (patientDefault...ReminderOffset, ids of the ' +
          `reminder timing options: ${TIMINGS}). Any signed-in portal user; kiosk and link sessions 403.`,
        response: { ...STANDARD_ERRORS, 200: SystemReminderSettingsSchema },
      },
    },
    async (request) => {
      const caller = requireCaller(request);
      if (caller.userId === null) throw forbidden();
      return service.systemReminderSettings(caller.facilityId);
    },
  );

  app.get(
    '/api/accountsettings/patientregistrationdetails/:patientId',
    patientRoute({
      tags: TAGS,
      summary: 'The patient’s registration details (read only)',
      description:
        'What the facility registered about the patient, in three parts: demographics (fullName, mrn, gender, ' +
        'dateOfBirth YYYY-MM-DD, birthCountry, ethnicity, race, religion, primaryLanguage, citizenship, ' +
        'maritalStatus, mothersMaidenName, occupation), contact information (homePhone, mobilePhone, primaryEmail, ' +
        'preferredCommunication, address1, address2, city, state, zipCode, country) and other (insuranceNote, ' +
        'advancedDirectiveNote, isClinicalTrial, clinicalTrialID). null: not registered. The read is audited.' +
        WHO,
      params: PatientIdParams,
      response: { 200: RegistrationDetailsSchema },
    }),
    async (request) => service.registrationDetails(scopeOf(request)),
  );
}
