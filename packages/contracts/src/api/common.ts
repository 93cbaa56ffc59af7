import { z } from 'zod';

/** Every error answer of the API has this shape (the token endpoint adds OAuth's error_description). */
export const ErrorBodySchema = z.object({
  error: z.string().describe('Machine-readable code from the error catalogue'),
  message: z.string().describe('Text fit to show a user'),
  field: z.string().optional().describe('The request field at fault, for validation errors'),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  requestId: z.string().describe('Quote this when reporting a problem'),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

export const IdParam = z.coerce.number().int().positive().max(2_147_483_647);
export const PatientIdParams = z.object({ patientId: IdParam });
export const UserIdParams = z.object({ userId: IdParam });
