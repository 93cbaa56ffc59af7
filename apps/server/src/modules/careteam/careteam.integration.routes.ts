import { createHash } from 'node:crypto';
import {
  INTEGRATION_PROVIDER_BODY_LIMIT_BYTES,
  IntegrationCareProviderSchema,
  IntegrationCareTeamPutSchema,
  IntegrationCareTeamSchema,
  PatientMrnParams,
  ProviderRecordParams,
  type IntegrationCareProvider,
} from '@portal/contracts';
import { integrationCallerOf } from '../../platform/access/access-control';
import { keyedResourceRoutes } from '../../platform/integration/keyed-routes';
import { integrationPatientOf } from '../../platform/integration/integration-patients';
import { integrationRoute, type RouteApp } from '../../platform/http/routes';
import { badRequest } from '../../platform/errors/app-error';
import {
  careProviderIdsOf,
  careProviderRecords,
  putCareTeam,
  type CareProviderRecord,
  type ProfileImageRecord,
} from './careteam.intake';

const TAGS = ['Care team'];
const PROVIDER_PATH = '/integration/v1/care-providers/:externalId';
const CARE_TEAM_PATH = '/integration/v1/patients/:mrn/care-team';
export const CARE_PROVIDER_NOT_FOUND_MESSAGE = 'Your facility has no care provider with this externalId.';
const SCOPE_NOTE =
  "Scope 'clinical': who treats a patient is part of the patient's care record, sent by the same clinical " +
  "systems as appointments and follow-up plans ('patients' is about patients' identities and accounts).";

/** The magic bytes of the photo types the API takes. */
const MAGIC: Record<string, number[]> = {
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  'image/jpeg': [0xff, 0xd8, 0xff],
};

/**
 * The photo as the intake takes it: its bytes checked against its content type (else 400 naming photo.content),
 * under a file name of its own (`cp-<digest>.png`): a new photo gets a new name, so browsers that cached the old
 * one for a week fetch it.
 */
export function photoOf(
  facilityId: number,
  externalId: string,
  body: IntegrationCareProvider,
): ProfileImageRecord | null {
  if (!body.photo) return null;
  const data = Buffer.from(body.photo.content, 'base64');
  const magic = MAGIC[body.photo.contentType] ?? [];
  if (data.length < magic.length || magic.some((byte, i) => data[i] !== byte)) {
    throw badRequest('validation_failed', `photo.content is not a ${body.photo.contentType} image`, 'photo.content');
  }
  const name = createHash('sha256').update(`${facilityId}\n${externalId}\n`).update(data).digest('base64url');
  const extension = body.photo.contentType === 'image/png' ? 'png' : 'jpg';
  return { fileName: `cp-${name.slice(0, 32)}.${extension}`, contentType: body.photo.contentType, data };
}

export function careProviderRecordOf(
  body: IntegrationCareProvider,
  photo: ProfileImageRecord | null,
): CareProviderRecord {
  return {
    firstName: body.firstName,
    lastName: body.lastName,
    suffix: body.suffix ?? null,
    titleValue: body.titleValue ?? null,
    title: body.title ?? null,
    institution: body.institution ?? null,
    publicEmail: body.publicEmail ?? null,
    address1: body.address1 ?? null,
    address2: body.address2 ?? null,
    address3: body.address3 ?? null,
    city: body.city ?? null,
    state: body.state ?? null,
    country: body.country ?? null,
    zipCode: body.zipCode ?? null,
    publicPhone: body.publicPhone ?? null,
    publicPhoneExt: body.publicPhoneExt ?? null,
    fax: body.fax ?? null,
    preferredSecureMessageSystemId: body.preferredSecureMessageSystemId ?? null,
    // One image serves as photo and thumbnail: the browser scales it.
    photo,
    thumbnail: photo,
  };
}

/** Care providers and care teams in from the facility's directory and EHR (integration API, scope 'clinical'). */
export async function careTeamIntegrationRoutes(app: RouteApp) {
  const { db } = app.deps.database;

  keyedResourceRoutes(app, {
    owner: 'facility',
    path: PROVIDER_PATH,
    scope: 'clinical',
    tags: TAGS,
    params: ProviderRecordParams,
    body: IntegrationCareProviderSchema,
    bodyLimit: INTEGRATION_PROVIDER_BODY_LIMIT_BYTES,
    put: {
      summary: 'Create or replace a care provider of your facility, with the photo, under your identifier',
      description:
        'An idempotent upsert keyed by your own identifier of the provider (externalId), unique within your ' +
        'facility. A new externalId creates the provider (201); a known one replaces it (200), keeping the ' +
        'portal id and so its place on every care team. Sending the same content again changes nothing ' +
        '(changed: false). photo: a PNG or JPEG, base64-encoded, at most 2 MiB decoded, its bytes checked ' +
        'against contentType (400 naming photo.content otherwise); served publicly by GET ' +
        '/api/images/userprofileimage/{fileName} under a new name for each new photo; absent or null: no ' +
        'photo. Body up to 4 MiB. A provider shows to a patient only on their care team (PUT ' +
        '/patients/{mrn}/care-team). ' +
        SCOPE_NOTE,
    },
    withdraw: {
      summary: 'Withdraw a care provider',
      description:
        'The provider leaves every care team the patients see, at once; the portal keeps the record for the ' +
        'audit trail. 204, also for one already withdrawn. 404 not_found when your facility has no provider ' +
        'with this externalId. PUT the same externalId to bring it back (on the care teams that still list it). ' +
        SCOPE_NOTE,
    },
    notFoundMessage: CARE_PROVIDER_NOT_FOUND_MESSAGE,
    records: careProviderRecords,
    recordOf: (body, { facilityId }, { externalId }) =>
      careProviderRecordOf(body, photoOf(facilityId, externalId, body)),
  });

  app.put(
    CARE_TEAM_PATH,
    integrationRoute('clinical', {
      tags: TAGS,
      summary: 'Set a patient’s care team',
      description:
        'The list of your care providers (by their externalId) who treat the patient, replaced as a whole in ' +
        'one transaction: providers not listed leave the team, a provider who stays keeps its place; an empty ' +
        'list empties the team. isSecureMessageRecipient: the provider takes secure messages from this patient. ' +
        'Sending the same team again changes nothing (changed: false). The patient sees the team at once. 400 ' +
        'validation_failed naming members.N.providerExternalId for a provider your facility does not have (or ' +
        'withdrew) or one listed twice. 404 not_found for an MRN that is not a patient of your facility. ' +
        SCOPE_NOTE,
      params: PatientMrnParams,
      body: IntegrationCareTeamSchema,
      response: { 200: IntegrationCareTeamPutSchema },
    }),
    async (request) => {
      const { facilityId } = integrationCallerOf(request);
      const { members } = request.body;
      const changed = await db.transaction(async (tx) => {
        const patientId = await integrationPatientOf(tx, request, request.params.mrn);
        const ids = await careProviderIdsOf(
          tx,
          facilityId,
          members.map((m) => m.providerExternalId),
        );
        const records = members.map((member, i) => {
          const careProviderId = ids.get(member.providerExternalId);
          if (careProviderId === undefined) {
            throw badRequest(
              'validation_failed',
              'Your facility has no care provider with this externalId.',
              `members.${i}.providerExternalId`,
            );
          }
          return { careProviderId, isSecureMessageRecipient: member.isSecureMessageRecipient };
        });
        return putCareTeam(tx, patientId, records);
      });
      return { members: members.length, changed };
    },
  );
}
