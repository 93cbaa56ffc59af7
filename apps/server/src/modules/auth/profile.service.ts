import { languagePackOf, resolveLocale, type Capabilities, type LoginProfile, type Patient } from '@portal/contracts';
import type { DbOrTx } from '../../db/client';
import type { SessionCaller } from '../../platform/auth/sessions';
import { sanitizeRichText } from '../../platform/content/sanitize';
import { notFound } from '../../platform/errors/app-error';
import { findContent } from '../../platform/content/content-store';
import {
  findCapabilityModules,
  findExternalSystems,
  findKioskTicketFacilityId,
  findPatientFacilities,
  findPatientWithFacility,
  findUserById,
  findUserCapabilityModules,
  findUserIds,
  hasSwitchedOffRepresentation,
  type CapabilityAudience,
} from './auth.repository';
import type { PatientScope } from '../../platform/access/patient-scope';

/** The kiosk staff login page of the web app, where a patient's kiosk session hands the device back. */
export const KIOSK_LOGIN_PATH = '/kioskLogin';

/** What the portal knows about the caller: the login profile, capabilities and the patients they may see. */
export class ProfileService {
  constructor(
    private readonly db: DbOrTx,
    /** A facility's public address (no trailing slash), or null when it has none. */
    private readonly facilityAddress: (facilityId: number) => Promise<string | null>,
  ) {}

  /**
   * Where a kiosk user's session ends when that is another facility than the patient's: the kiosk login of the
   * facility its ticket recorded (the staff's). Undefined when it is the patient's own facility, whose kiosk login
   * the browser finds on the address it is at. Built from the facility's stored address, never from anything the
   * browser sent.
   */
  private async kioskExitUrl(caller: SessionCaller, patientId: number): Promise<string | undefined> {
    const ticketFacilityId = await findKioskTicketFacilityId(this.db, { sessionId: caller.sessionId, patientId });
    if (ticketFacilityId === null || ticketFacilityId === caller.facilityId) return undefined;
    const address = await this.facilityAddress(ticketFacilityId);
    return address ? address + KIOSK_LOGIN_PATH : undefined;
  }

  private async termsOfUse(facilityId: number, language: string): Promise<string> {
    const content = await findContent(this.db, 'TermsOfUse', languagePackOf(resolveLocale(language)), facilityId);
    return content ? sanitizeRichText(content.body) : '';
  }

  async loginProfile(caller: SessionCaller, language: string | undefined): Promise<LoginProfile> {
    if (caller.userId === null) {
      // Kiosk and link users act for one patient and have no account of their own here.
      const found = caller.boundPatientId ? await findPatientWithFacility(this.db, caller.boundPatientId) : null;
      if (!found) throw notFound('not_found', 'Not found.');
      const { patient } = found;
      const kioskExitUrl =
        caller.loginType === 'patientKioskUser' ? await this.kioskExitUrl(caller, patient.id) : undefined;
      return {
        ...(kioskExitUrl ? { kioskExitUrl } : {}),
        ...(caller.loginType === 'patientKioskUser' && caller.idleSeconds
          ? { sessionIdleSeconds: caller.idleSeconds }
          : {}),
        userId: null,
        userName: patient.firstName,
        email: patient.emailAddress,
        firstName: patient.firstName,
        lastName: patient.lastName,
        loginType: caller.loginType,
        isEmailConfirmed: true,
        isEulaAccepted: true,
        isPasswordUpdateRequired: false,
        isAuthorizedRepresentative: false,
        canChangePassword: false,
        hasPassword: false,
        preferredLanguage: patient.preferredLanguage,
        facilityId: caller.facilityId,
        preferences: [],
        termsOfUse: '',
        ids: [{ idType: 'Patient', value: patient.id }],
        accessSwitchedOff: false,
      };
    }
    const found = await findUserById(this.db, caller.userId);
    if (!found) throw notFound('not_found', 'Not found.');
    const { user } = found;
    const ids =
      caller.loginType === 'patientKioskManagement'
        ? { own: [], represented: [] }
        : await findUserIds(this.db, user.id);
    // No patient left to show because the patient switched the representative's access off: the portal says so.
    const accessSwitchedOff =
      caller.loginType !== 'patientKioskManagement' &&
      ids.own.length === 0 &&
      ids.represented.length === 0 &&
      (await hasSwitchedOffRepresentation(this.db, user.id));
    return {
      userId: user.id,
      userName: user.username,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      loginType: caller.loginType,
      isEmailConfirmed: user.isEmailConfirmed,
      isEulaAccepted: user.isEulaAccepted,
      isPasswordUpdateRequired: user.isPasswordUpdateRequired,
      isAuthorizedRepresentative: ids.represented.length > 0,
      canChangePassword: !user.isSingleSignOn && caller.loginType === 'userNamePassword',
      hasPassword: user.passwordHash !== null,
      preferredLanguage: user.preferredLanguage,
      facilityId: user.facilityId,
      preferences: user.preferences,
      termsOfUse: await this.termsOfUse(user.facilityId, language ?? user.preferredLanguage ?? 'en-US'),
      ids: [
        ...ids.own.map((value) => ({ idType: 'Patient' as const, value })),
        ...ids.represented.map((r) => ({ idType: 'PatientContact' as const, value: r.patientId })),
      ],
      accessSwitchedOff,
    };
  }

  /**
   * The modules of the capability profile for the caller's audience: a kiosk or link session's own, else (a user)
   * 'patient' or 'representative' as their patients make them, found with the modules in one statement. A user
   * with no patient to show has none.
   */
  async capabilities(caller: SessionCaller): Promise<Capabilities> {
    const modules = (audience: CapabilityAudience) => findCapabilityModules(this.db, caller.facilityId, audience);
    switch (caller.loginType) {
      case 'patientKioskManagement':
        return { modules: await modules('kioskManagement') };
      case 'patientKioskUser':
        return { modules: await modules('kioskUser') };
      case 'patientLinkUser':
        return { modules: await modules('linkUser') };
      default:
        return {
          modules: caller.userId ? await findUserCapabilityModules(this.db, caller.facilityId, caller.userId) : [],
        };
    }
  }

  async patient(scope: PatientScope): Promise<Patient> {
    const found = await findPatientWithFacility(this.db, scope.patientId);
    if (!found) throw notFound('not_found', 'Not found.');
    const { patient } = found;
    return {
      patientId: patient.id,
      firstName: patient.firstName,
      lastName: patient.lastName,
      userId: patient.userId,
      hasLogin: patient.userId !== null,
      homeFacilityId: patient.homeFacilityId,
      dateOfBirth: patient.dateOfBirth,
      emailAddress: patient.emailAddress,
      address: {
        address1: patient.address1,
        address2: patient.address2,
        city: patient.city,
        state: patient.state,
        country: patient.country,
        zipCode: patient.zipCode,
      },
    };
  }

  async facilities(scope: PatientScope) {
    const rows = await findPatientFacilities(this.db, scope);
    return rows.map((row) => ({ ...row, isHomeFacility: true }));
  }

  externalSystems(scope: PatientScope) {
    return findExternalSystems(this.db, scope);
  }
}
