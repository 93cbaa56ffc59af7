import {
  checkPassword,
  PASSWORD_RULES_MESSAGE,
  resolveLocale,
  VERIFICATION_FIELDS,
  type AccountInformation,
  type BirthDate,
} from '@portal/contracts';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { writeAudit } from '../../platform/audit/audit';
import {
  consumeSecret,
  findSecret,
  issueSecret,
  pinMatches,
  recordSecretFailure,
  secretState,
  type OneTimeSecret,
} from '../../platform/auth/one-time-secrets';
import { hashPassword } from '../../platform/auth/passwords';
import { hashSecret } from '../../platform/auth/secrets';
import { badRequest, notFound } from '../../platform/errors/app-error';
import type { Limits } from '../../platform/http/limits';
import { isPlausibleAddress, type MailOutbox } from '../../platform/mail/outbox';
import { welcomeMail } from '../../platform/mail/templates';
import {
  findInvitedContact,
  findPatientName,
  findSignupCandidates,
  findSignupFacility,
  insertPortalUser,
  isUsernameTaken,
  linkPatientToUser,
  linkRepresentative,
  recordWrongSignupPins,
  type SignupCandidate,
  type SignupFacility,
} from './signup.repository';
import { isUniqueViolation } from '../../platform/errors/error-handler';

export type VerificationField = (typeof VERIFICATION_FIELDS)[number];

export const SIGNUP_MESSAGES = {
  invalidInformation: 'Invalid information',
  pinExpired: 'The PIN has expired. Please contact your care provider for a new PIN.',
  pinInvalidated:
    'The PIN has been invalidated after too many attempts. Please contact your care provider for a new PIN.',
  usernameExists: 'Username is already taken.',
  facilityNotFound: 'No portal is configured for this facility.',
} as const;

const invalidInformation = () => badRequest('invalid_information', SIGNUP_MESSAGES.invalidInformation);
const pinExpired = () => badRequest('pin_expired', SIGNUP_MESSAGES.pinExpired);
const pinInvalidated = () => badRequest('pin_invalidated', SIGNUP_MESSAGES.pinInvalidated);
const usernameExists = () => badRequest('username_exists', SIGNUP_MESSAGES.usernameExists, 'username');
const required = (field: string) => badRequest('validation_failed', `${field}: Required`, field);

/* ----------------------------------------------------------- verification */

/** The facility's SSN record is kept only as this hash of the digits. */
export function hashSsn(ssn: string): string {
  return hashSecret(ssn.replace(/\D/g, ''));
}

export function parseVerificationFields(list: string): VerificationField[] {
  const wanted = new Set(list.split(',').map((f) => f.trim().toLowerCase()));
  return VERIFICATION_FIELDS.filter((f) => wanted.has(f));
}

/** 'YYYY-MM-DD', or null for a date that does not exist (31 February). */
export function isoDate(birthDate: BirthDate): string | null {
  const { year, month, day } = birthDate;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export interface IdentityInput {
  facilityId: number;
  firstName?: string | undefined;
  lastName?: string | undefined;
  birthDate?: BirthDate | undefined;
  pin?: string | undefined;
  mrn?: string | undefined;
  ssn?: string | undefined;
}

export interface VerifiedIdentity {
  facility: SignupFacility;
  patient: SignupCandidate;
  /** The sign-up PIN that proved it, when the facility asks for one. */
  pin: OneTimeSecret | null;
}

export interface VerifiedInvitation {
  secret: OneTimeSecret;
  contact: NonNullable<Awaited<ReturnType<typeof findInvitedContact>>>;
  patient: NonNullable<Awaited<ReturnType<typeof findPatientName>>>;
  email: string | null;
}

const present = (value: string | undefined): value is string => value !== undefined && value.trim() !== '';

/** A name as the identity counter keys it: trimmed, inner spaces collapsed, any case, one Unicode form. */
const normalisedName = (name: string) => name.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The key of the per-identity counter: facility, first and last name and date of birth as typed (a date that
 * does not exist is counted too). Whether such a patient exists plays no part.
 */
export function identityKey(facilityId: number, firstName: string, lastName: string, birthDate: BirthDate): string {
  const { year, month, day } = birthDate;
  return JSON.stringify([facilityId, normalisedName(firstName), normalisedName(lastName), year, month, day]);
}

/** How sign-up's welcome mail is built and counted. */
export interface SignupMailOptions {
  language: string | undefined;
  linkBase: (facilityId: number) => Promise<string>;
  /** Counts one mail to `recipient` about `account` against the shared mail limits (429). */
  countMail: (recipient: string, account: string) => Promise<void>;
}

export class SignupService {
  constructor(
    private readonly db: Db,
    private readonly outbox: MailOutbox,
    private readonly config: Config,
    private readonly limits: Limits,
  ) {}

  /** Mail cannot go out from a production server without SMTP. */
  get canSendMail(): boolean {
    return !(this.config.env === 'production' && !this.config.smtpUrl);
  }

  async facility(facilityId: number): Promise<SignupFacility> {
    const facility = await findSignupFacility(this.db, facilityId);
    if (!facility) throw notFound('facility_not_found', SIGNUP_MESSAGES.facilityNotFound);
    return facility;
  }

  /**
   * The facility a request names (facilityId), else the one of the host it came to (hostFacilityOf): the spec's
   * calls send no facilityId (002 section 7). Unknown either way: 404 facility_not_found.
   */
  async facilityOfRequest(facilityId: number | null): Promise<SignupFacility> {
    if (facilityId === null) throw notFound('facility_not_found', SIGNUP_MESSAGES.facilityNotFound);
    return this.facility(facilityId);
  }

  /**
   * Finds the one patient without an account that the identity describes. Every check of an identity counts
   * against that identity in the shared counters (signupIdentity), whether or not such a patient exists, and
   * past the limit both answer 429 too_many_attempts. Without the right PIN, every refusal is
   * invalid_information, for a real identity as for an invented one, and both do the same lookups: only the
   * holder of the real PIN learns that it expired or was invalidated. Wrong PINs for a real identity are also
   * counted on that patient's newest PIN, outside any transaction, so the count survives the 400.
   */
  async verifyIdentity(input: IdentityInput): Promise<VerifiedIdentity> {
    const facility = await this.facility(input.facilityId);
    if (!present(input.firstName)) throw required('firstName');
    if (!present(input.lastName)) throw required('lastName');
    if (!input.birthDate) throw required('birthDate');
    const fields = parseVerificationFields(facility.verificationFields);
    for (const field of fields) if (!present(input[field])) throw required(field);

    await this.limits.take(
      'signupIdentity',
      identityKey(facility.id, input.firstName, input.lastName, input.birthDate),
    );
    const dateOfBirth = isoDate(input.birthDate);
    const candidates = dateOfBirth
      ? await findSignupCandidates(this.db, facility.id, {
          firstName: input.firstName,
          lastName: input.lastName,
          dateOfBirth,
        })
      : [];

    let pin: OneTimeSecret | null = null;
    let remaining = candidates;
    if (fields.includes('pin') && input.pin !== undefined) {
      // Looked up whether or not the identity matched anyone, so both take the same work.
      const secret = await findSecret(this.db, 'signupPin', input.pin.trim());
      const owner =
        secret && secret.facilityId === facility.id ? candidates.find((c) => c.id === secret.patientId) : undefined;
      if (!secret || !owner) {
        await this.countWrongPin(candidates);
        throw invalidInformation();
      }
      const state = secretState(secret);
      if (state === 'invalidated') throw pinInvalidated();
      if (state === 'expired') throw pinExpired();
      if (state === 'used') throw invalidInformation();
      pin = secret;
      remaining = [owner];
    }
    if (fields.includes('mrn') && input.mrn !== undefined) {
      const mrn = input.mrn.trim().toLowerCase();
      remaining = remaining.filter((c) => c.mrn.trim().toLowerCase() === mrn);
    }
    if (fields.includes('ssn') && input.ssn !== undefined) {
      const ssnHash = hashSsn(input.ssn);
      remaining = remaining.filter((c) => c.ssnHash !== null && c.ssnHash === ssnHash);
    }
    // Namesakes born the same day that nothing else tells apart are refused rather than guessed.
    const [patient] = remaining;
    if (!patient || remaining.length !== 1) throw invalidInformation();
    return { facility, patient, pin };
  }

  /**
   * A wrong PIN for a matched identity: one failure on each matched patient's newest usable PIN. The answer
   * stays invalid_information even when this invalidates the PIN, so it cannot tell a real identity from an
   * invented one; and the same one statement runs when nobody matched, so the time taken does not either.
   */
  private async countWrongPin(candidates: SignupCandidate[]): Promise<void> {
    await recordWrongSignupPins(
      this.db,
      candidates.map((c) => c.id),
    );
  }

  /** The invitation behind a link token, once its PIN is right. Wrong PINs count toward its limit. */
  async verifyInvitation(token: string, pin: string): Promise<VerifiedInvitation> {
    const secret = await findSecret(this.db, 'invitation', token);
    if (!secret) throw invalidInformation();
    const state = secretState(secret);
    if (state === 'used') throw invalidInformation();
    if (state === 'invalidated') throw pinInvalidated();
    if (state === 'expired') throw pinExpired();
    if (!pinMatches(secret, pin.trim())) {
      const left = await recordSecretFailure(this.db, secret.id);
      throw left === 0 ? pinInvalidated() : invalidInformation();
    }
    const contact = secret.personalContactId ? await findInvitedContact(this.db, secret.personalContactId) : undefined;
    if (
      !contact ||
      !contact.isActive ||
      contact.representativeUserId !== null ||
      contact.patientId !== secret.patientId
    ) {
      throw invalidInformation();
    }
    const patient = await findPatientName(this.db, contact.patientId);
    if (!patient) throw invalidInformation();
    return { secret, contact, patient, email: secret.email ?? contact.contactEmail };
  }

  checkPasswordRules(facility: SignupFacility, password: string): void {
    if (!checkPassword(password, facility).ok) throw badRequest('password_rules', PASSWORD_RULES_MESSAGE, 'password');
  }

  /** Sign-up of a patient (patientId > 0) or of an invited representative (patientId -1). */
  async createAccount(
    input: AccountInformation,
    options: SignupMailOptions,
  ): Promise<{ userId: number; mailSent: boolean }> {
    if (input.patientId === -1) return this.createRepresentativeAccount(input, options);
    if (input.patientId <= 0)
      throw badRequest('validation_failed', 'patientId: must be a patient id or -1', 'patientId');
    if (!present(input.emailAddress)) throw required('emailAddress');
    const email = input.emailAddress.trim();

    const verified = await this.verifyIdentity(input);
    if (verified.patient.id !== input.patientId) throw invalidInformation();
    const { facility, patient } = verified;
    if (await isUsernameTaken(this.db, input.username)) throw usernameExists();
    this.checkPasswordRules(facility, input.password);
    const passwordHash = await hashPassword(input.password);
    const language = options.language ? resolveLocale(options.language) : (patient.preferredLanguage ?? null);
    // An address the mail headers cannot carry (a bracketed IP domain) gets the account but no mail.
    const mailSent = this.canSendMail && isPlausibleAddress(email);
    const base = await options.linkBase(facility.id);
    if (mailSent) await options.countMail(email, `patient:${patient.id}`);

    const userId = await this.inTransaction(async (tx) => {
      if (await isUsernameTaken(tx, input.username)) throw usernameExists();
      const userId = await insertPortalUser(tx, {
        facilityId: patient.homeFacilityId,
        username: input.username,
        email,
        passwordHash,
        firstName: patient.firstName,
        lastName: patient.lastName,
        isEmailConfirmed: false,
        preferredLanguage: language,
      });
      if (!(await linkPatientToUser(tx, patient.id, userId))) throw invalidInformation();
      if (verified.pin && !(await consumeSecret(tx, verified.pin.id))) throw invalidInformation();
      if (mailSent) {
        const confirmation = await issueSecret(tx, {
          kind: 'emailConfirmation',
          facilityId: patient.homeFacilityId,
          userId,
          email,
        });
        const mail = welcomeMail({
          language,
          portalName: facility.portalName,
          name: patient.firstName,
          username: input.username,
          confirmUrl: `${base}/confirm-email?u=${encodeURIComponent(confirmation.token)}`,
          loginUrl: `${base}/login`,
        });
        await this.outbox.enqueue(tx, {
          to: email,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          facilityId: facility.id,
        });
      }
      await writeAudit(tx, {
        eventType: 'signupauditevent',
        actorUserId: userId,
        patientId: patient.id,
        facilityId: facility.id,
        detail: { welcomeMail: mailSent },
      });
      return userId;
    });
    return { userId, mailSent };
  }

  private async createRepresentativeAccount(
    input: AccountInformation,
    options: SignupMailOptions,
  ): Promise<{ userId: number; mailSent: boolean }> {
    if (!present(input.encryptedInvitationId)) throw required('encryptedInvitationId');
    if (!present(input.pin)) throw required('pin');
    const invitation = await this.verifyInvitation(input.encryptedInvitationId.trim(), input.pin);
    const facility = await this.facility(invitation.secret.facilityId);
    if (await isUsernameTaken(this.db, input.username)) throw usernameExists();
    this.checkPasswordRules(facility, input.password);
    const passwordHash = await hashPassword(input.password);
    const language = options.language ? resolveLocale(options.language) : null;
    const { contact, patient, email } = invitation;
    const mailSent = this.canSendMail && email !== null && isPlausibleAddress(email);
    const base = await options.linkBase(facility.id);
    if (mailSent && email) await options.countMail(email, `contact:${contact.id}`);

    const userId = await this.inTransaction(async (tx) => {
      if (await isUsernameTaken(tx, input.username)) throw usernameExists();
      const userId = await insertPortalUser(tx, {
        facilityId: facility.id,
        username: input.username,
        email,
        passwordHash,
        firstName: contact.firstName,
        lastName: contact.lastName,
        // The invitation link reached this address, which proves it.
        isEmailConfirmed: email !== null,
        preferredLanguage: language,
      });
      if (!(await linkRepresentative(tx, contact.id, userId))) throw invalidInformation();
      if (!(await consumeSecret(tx, invitation.secret.id))) throw invalidInformation();
      if (mailSent && email) {
        const mail = welcomeMail({
          language,
          portalName: facility.portalName,
          name: contact.firstName,
          username: input.username,
          patientName: `${patient.firstName} ${patient.lastName}`,
          loginUrl: `${base}/login`,
        });
        await this.outbox.enqueue(tx, {
          to: email,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          facilityId: facility.id,
        });
      }
      await writeAudit(tx, {
        eventType: 'arsignupauditevent',
        actorUserId: userId,
        patientId: contact.patientId,
        facilityId: facility.id,
        detail: { personalContactId: contact.id, welcomeMail: mailSent },
      });
      return userId;
    });
    return { userId, mailSent };
  }

  /** Runs `work` in a transaction; a username taken by a concurrent sign-up answers username_exists. */
  private async inTransaction<T>(work: (tx: DbOrTx) => Promise<T>): Promise<T> {
    try {
      return await this.db.transaction(work);
    } catch (err) {
      if (isUniqueViolation(err, 'users_username_unique')) throw usernameExists();
      throw err;
    }
  }
}
