import { z } from 'zod';
import { FOLLOW_UP_STATUS_DESCS } from '../constants/follow-up-plan';
import { PatientIdParams } from './common';

// Follow-up plan (spec 002, sections 2.2, 3, 4 and 7). The browser imports only types; its constants
// are in constants/follow-up-plan.ts.

export const FollowUpPlanQuery = z.object({
  includeArchived: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true')
    .describe('true also lists archived plans; absent or false leaves them out'),
});
export const FollowUpPlanParams = PatientIdParams;

export const FollowUpTaskSchema = z.object({
  propertyCategoryId: z.number().int().describe('The task category: matches a key of the plan’s taskNames'),
  isAddressed: z.boolean(),
  taskNote: z.string().nullable(),
});
export type FollowUpTask = z.infer<typeof FollowUpTaskSchema>;

export const FollowUpAppointmentSchema = z.object({
  ptFollowUpAppointmentId: z.number().int(),
  label: z.string().describe('English: ‘1 Year 6 Month Follow-up’, ‘6 Month Follow-up’, ‘Follow-up’'),
  labelParts: z
    .object({ y: z.number().int(), m: z.number().int() })
    .describe('The years and months the label is built from, so the browser can say it in its language'),
  targetDate: z.string().describe('YYYY-MM-DD: the recommended date'),
  actualDate: z.string().nullable().describe('ISO 8601 instant of the booked appointment, null when not booked'),
  statusDesc: z.enum(FOLLOW_UP_STATUS_DESCS),
  provider: z.string().nullable().describe('‘last,first’; null when no provider is named'),
  tasks: z.array(FollowUpTaskSchema),
});
export type FollowUpAppointment = z.infer<typeof FollowUpAppointmentSchema>;

export const FollowUpPlanSchema = z.object({
  startDate: z.string().describe('YYYY-MM-DD'),
  memoToPatient: z.string().nullable(),
  isArchived: z.boolean(),
  taskNames: z
    .array(z.object({ key: z.number().int().describe('propertyCategoryId'), value: z.string() }))
    .describe('The plan’s task categories, in display order'),
  templates: z.array(
    z.object({ templateDisplayName: z.string(), effectiveDate: z.string().nullable().describe('YYYY-MM-DD') }),
  ),
  appointments: z.array(FollowUpAppointmentSchema),
});
export type FollowUpPlan = z.infer<typeof FollowUpPlanSchema>;

export const FollowUpPlanListSchema = z.array(FollowUpPlanSchema);
export type FollowUpPlanList = z.infer<typeof FollowUpPlanListSchema>;
