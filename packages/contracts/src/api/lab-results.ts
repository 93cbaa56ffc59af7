import { z } from 'zod';
import { ABNORMAL_FLAGS } from '../constants/lab-results';
import { IdParam } from './common';
import { LanguageQuerySchema } from './content';

// Test results (spec 002, 2.3 and 3): published lab results, their groups and tests. Field names are the
// spec's. The browser imports only types from this file.

export const LabResultParams = z.object({ patientId: IdParam, labResultId: IdParam });

export const LabResultPdfQuery = LanguageQuerySchema;

export const TestResultDetailSchema = z.object({
  testResultDetailId: z.number().int(),
  testDisplayName: z.string(),
  testValue: z.string().nullable(),
  unitOfMeasure: z.string().nullable(),
  referencesRange: z.string().nullable().describe('The reference range as the laboratory wrote it'),
  abnormalFlag: z
    .enum(ABNORMAL_FLAGS)
    .nullable()
    .describe('H, L, HH, LL, A (abnormal) or N (normal); null when none is given. Abnormal: present and not N.'),
  testDetailStatus: z.string().nullable().describe('The laboratory status of this test (Final, Preliminary...)'),
  comment: z.string().nullable(),
});
export type TestResultDetail = z.infer<typeof TestResultDetailSchema>;

export const TestResultGroupSchema = z.object({
  testResultGroupId: z.number().int(),
  groupDisplayName: z.string(),
  testResultDetails: z.array(TestResultDetailSchema),
});
export type TestResultGroup = z.infer<typeof TestResultGroupSchema>;

/** In the list a group has its name only: the tests come with the result's detail. */
export const TestResultGroupNameSchema = z.object({
  testResultGroupId: z.number().int(),
  groupDisplayName: z.string(),
});
export type TestResultGroupName = z.infer<typeof TestResultGroupNameSchema>;

const labResultFields = {
  labResultId: z.number().int(),
  startDate: z.string().describe('ISO 8601 instant the specimen was collected'),
  externalStatus: z.string().nullable(),
  requestingPhysician: z.string().nullable(),
  isReviewedByPatient: z.boolean(),
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipCode: z.string().nullable(),
  country: z.string().nullable(),
  labName: z.string().nullable(),
  labAddress: z.string().nullable(),
  comment: z.string().nullable(),
  noteToPatient: z.string().nullable(),
};

export const LabResultListItemSchema = z.object({
  ...labResultFields,
  testResultGroups: z.array(TestResultGroupNameSchema),
});
export type LabResultListItem = z.infer<typeof LabResultListItemSchema>;

export const LabResultSchema = z.object({
  ...labResultFields,
  testResultGroups: z.array(TestResultGroupSchema),
});
export type LabResult = z.infer<typeof LabResultSchema>;

export const NotReviewedCountSchema = z.number().int().min(0);
