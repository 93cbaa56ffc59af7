import { z } from 'zod';
import {
  CareTeamMemberSchema,
  ErrorBodySchema,
  FacilityContactSchema,
  FacilityIdParamsSchema,
  PatientIdParams,
} from '@portal/contracts';
import { patientRoute, type RouteApp } from '../../platform/http/routes';
import { scopeOf } from '../../platform/access/access-control';
import { CareTeamService, PROFILE_IMAGE_NAME } from './careteam.service';

const IMAGE_TYPES = new Set(['image/svg+xml', 'image/png', 'image/jpeg', 'image/gif', 'image/webp']);
/** A week: a provider's new photo is expected under a new file name, but an old name may be reused. */
export const PROFILE_IMAGE_CACHE = 'public, max-age=604800';
/** Opened on its own, an image (an SVG above all) can run nothing and load nothing. */
export const IMAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

export async function careTeamRoutes(app: RouteApp) {
  const service = new CareTeamService(app.deps.database.db);

  app.get(
    '/api/patients/:patientId/careTeamMembers',
    patientRoute({
      tags: ['Care team'],
      summary: 'The patient’s care team',
      description:
        'The care providers assigned to the patient, sorted by last name then first name (ignoring case). ' +
        'photoThumbnailFilename (and photoFilename, the larger picture) name images served by GET ' +
        '/api/images/userprofileimage/{fileName}; null when the provider has no photo. ' +
        'preferredSecureMessageIfSystemId is the secure-message system the provider prefers (null: takes no ' +
        'secure messages); secureMessageRecipientForPatient says whether the provider takes secure messages ' +
        'from this patient. The browser offers Send Secure Message only when both hold and the SecureMessages ' +
        'module is granted. Phones and fax are digits only (the browser formats them). An empty team is an ' +
        'empty list. Self and authorised representatives.',
      params: PatientIdParams,
      response: {
        200: z.array(CareTeamMemberSchema),
      },
    }),
    async (request) => service.careTeam(scopeOf(request)),
  );

  app.get(
    '/api/images/userprofileimage/:fileName',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Care team'],
        summary: 'A care provider’s profile picture',
        description:
          'Public on purpose: an <img> element cannot send a bearer token, and these are the providers’ public ' +
          'profile pictures (like the facility logo), not health information. fileName is letters, digits, ' +
          'dot, dash and underscore, at most 100 characters (else 400 validation_failed naming fileName), and ' +
          'matches exactly. Answers the image bytes with their content type (SVG, PNG, JPEG, GIF or WebP; ' +
          'anything else is sent as application/octet-stream), cacheable for a week, with a ' +
          'Content-Security-Policy that lets an image opened on its own run nothing. 404 image_not_found for ' +
          'an unknown name.',
        params: z.object({
          fileName: z
            .string()
            .regex(PROFILE_IMAGE_NAME, 'letters, digits, dot, dash and underscore only, at most 100 characters'),
        }),
        response: { 200: z.any().describe('The image'), 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const image = await service.profileImage(request.params.fileName);
      const contentType = IMAGE_TYPES.has(image.contentType.toLowerCase())
        ? image.contentType.toLowerCase()
        : 'application/octet-stream';
      return reply
        .header('content-type', contentType)
        .header('cache-control', PROFILE_IMAGE_CACHE)
        .header('content-security-policy', IMAGE_CSP)
        .send(image.data);
    },
  );

  app.get(
    '/api/facilities/:facilityId/contacts',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Facility'],
        summary: 'The facility’s contact list (Contact Us page)',
        description:
          'Public, like the facility’s name and logo: the departments a patient may call or write to, with ' +
          'address, phone, fax and email (phones and fax digits only), in the facility’s sort order. A ' +
          'facility without contacts answers an empty list; an unknown facility 404 facility_not_found. The ' +
          'instructions above the list are content (key ContactUs).',
        params: FacilityIdParamsSchema,
        response: { 200: z.array(FacilityContactSchema), 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request) => service.facilityContacts(request.params.facilityId),
  );
}
