import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  IntegrationAppointmentSchema,
  IntegrationCareProviderSchema,
  IntegrationEducationArticleSchema,
  IntegrationEducationAssignmentSchema,
  IntegrationFaqSchema,
  IntegrationFollowUpPlanSchema,
  IntegrationFormSchema,
  IntegrationLabResultSchema,
  IntegrationMedicalNoteSchema,
  IntegrationQuestionnaireAssignmentSchema,
  type IntegrationRecordPut,
} from '@portal/contracts';
import { openApiApp, request, type TestApp } from './api';
import { integrationToken } from './integration-client';

// The one intake engine compares a record with the one it replaces by the digest of its canonical JSON, so that
// no field can be left out of the comparison. This proves it through the API for every keyed record type: each
// leaf of a full sample body is changed in turn (to a value the schema accepts), and every such PUT answers
// changed: true; the same body again, with its keys in another order, answers changed: false. Every field of each
// body schema must be in a sample: a field added to a record type fails here until its sample has it.

const JANE_MRN = 'RCC-100234';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n').toString('base64');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
const PHQ9: unknown = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, 'fixtures/fhir/phq-9-loinc.json'), 'utf8'),
);

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

interface KeyedType {
  name: string;
  /** The PUT's address for an externalId. */
  url: (externalId: string) => string;
  scope: 'clinical' | 'content';
  /** The body schema, whose every field a sample must hold. */
  schema?: z.ZodType;
  /** Full bodies: together they hold every field. */
  samples: JsonObject[];
  /** Values the schema accepts for a field of a fixed set (an enum, a record named by identifier). */
  alternatives?: Record<string, Json[]>;
}

let t: TestApp;
const tokens: Record<string, string> = {};

/** The facility's other records the samples name: two articles of the library, two questionnaire templates. */
const ARTICLES = ['keyed-article-1', 'keyed-article-2'];
const TEMPLATES = ['keyed-template-1', 'keyed-template-2'];

beforeAll(async () => {
  ({ t } = await openApiApp());
  tokens.clinical = await integrationToken(t, 'clinical');
  tokens.content = await integrationToken(t, 'content');
  for (const externalId of ARTICLES) {
    const res = await request(t, 'PUT', `/integration/v1/education/articles/${externalId}`, {
      token: tokens.content,
      body: { title: 'Eating well', categoryName: 'Nutrition', contentHtml: '<p>Eat well.</p>' },
    });
    expect(res.statusCode, res.body).toBe(201);
  }
  for (const externalId of TEMPLATES) {
    const res = await request(t, 'PUT', `/integration/v1/questionnaire-templates/${externalId}`, {
      token: tokens.content,
      body: PHQ9 as object,
      headers: { 'content-type': 'application/fhir+json' },
    });
    expect(res.statusCode, res.body).toBe(201);
  }
});
afterAll(async () => {
  await t?.close();
});

const patientUrl = (records: string) => (externalId: string) =>
  `/integration/v1/patients/${JANE_MRN}/${records}/${encodeURIComponent(externalId)}`;
const facilityUrl = (records: string) => (externalId: string) =>
  `/integration/v1/${records}/${encodeURIComponent(externalId)}`;

const TYPES: KeyedType[] = [
  {
    name: 'lab result',
    url: patientUrl('lab-results'),
    scope: 'clinical',
    schema: IntegrationLabResultSchema,
    samples: [
      {
        isPublished: true,
        collectedAt: '2026-11-02T08:30:00Z',
        externalStatus: 'Final',
        requestingPhysician: 'Dr. Priya Raman',
        address1: '12 Elm Street',
        address2: 'Apt 4',
        city: 'Springfield',
        state: 'IL',
        zipCode: '62701',
        country: 'USA',
        labName: 'RCC Laboratory',
        labAddress: '1 Hospital Way',
        comment: 'Specimen slightly haemolysed',
        noteToPatient: 'Your counts are recovering.',
        groups: [
          {
            groupDisplayName: 'CBC',
            details: [
              {
                testDisplayName: 'Hemoglobin',
                testValue: '11.2',
                unitOfMeasure: 'g/dL',
                referencesRange: '12.0-15.5',
                abnormalFlag: 'L',
                testDetailStatus: 'Final',
                comment: 'Rechecked',
              },
              { testDisplayName: 'WBC', testValue: '5.1', unitOfMeasure: '10^3/uL' },
            ],
          },
          { groupDisplayName: 'Ferritin', details: [{ testDisplayName: 'Ferritin', testValue: '40' }] },
        ],
      },
    ],
    alternatives: { abnormalFlag: ['H', 'N'] },
  },
  {
    name: 'appointment',
    url: patientUrl('appointments'),
    scope: 'clinical',
    schema: IntegrationAppointmentSchema,
    samples: [
      {
        startsAt: '2026-12-20T14:00:00Z',
        timeZoneId: 'America/Chicago',
        appointmentType: 'Consultation',
        provider: 'Dr. Priya Raman',
        status: 'Scheduled',
        location: {
          institution: 'Riverside Cancer Center',
          shortLocation: 'Clinic B',
          address1: '1 Hospital Way',
          address2: 'Floor 2',
          address3: 'Suite 210',
          city: 'Springfield',
          provinceState: 'IL',
          postalZip: '62701',
          country: 'USA',
        },
      },
      {
        date: '2026-12-21',
        timeZoneId: 'America/Chicago',
        appointmentType: 'Lab Work',
        provider: 'Lab',
        status: 'Scheduled',
      },
    ],
    alternatives: { timeZoneId: ['America/New_York', 'Europe/Paris'] },
  },
  {
    name: 'medical note',
    url: patientUrl('medical-notes'),
    scope: 'clinical',
    schema: IntegrationMedicalNoteSchema,
    samples: [
      {
        serviceDate: '2026-11-02',
        documentType: 'Progress Note',
        authoredBy: 'Dr. Priya Raman',
        status: 'Final',
        noteToPatient: 'As we discussed.',
        isPublished: true,
        pages: [
          { contentType: 'application/pdf', content: PDF },
          { contentType: 'image/png', content: PNG.toString('base64') },
        ],
      },
    ],
    alternatives: { status: ['Amended', 'Corrected'] },
  },
  {
    name: 'treatment summary item',
    url: patientUrl('treatment-summary'),
    scope: 'clinical',
    samples: [
      {
        groupName: 'Diagnosis',
        fields: { icdDescriptionFull: 'Carcinoma of the breast', diagnosisDate: '2025-03-04', stage: 'IIA' },
        isNullMessageHolder: false,
        sortOrder: 2,
      },
      { groupName: 'Allergy', fields: {}, isNullMessageHolder: true, nullMessage: 'No known allergies', sortOrder: 0 },
    ],
    alternatives: { groupName: ['Comorbidity', 'Surgery'] },
  },
  {
    name: 'follow-up plan',
    url: patientUrl('follow-up-plans'),
    scope: 'clinical',
    schema: IntegrationFollowUpPlanSchema,
    samples: [
      {
        startDate: '2026-01-15',
        memoToPatient: 'Bring your medication list.',
        isArchived: false,
        taskNames: [
          { propertyCategoryId: 1, name: 'Physical exam' },
          { propertyCategoryId: 2, name: 'Mammogram' },
        ],
        templates: [{ templateDisplayName: 'NCCN Breast', effectiveDate: '2026-01-01' }],
        items: [
          {
            externalId: 'visit-1',
            labelYears: 1,
            labelMonths: 6,
            recommendedDate: '2027-07-15',
            actualDate: '2027-07-20T15:00:00Z',
            statusDesc: 'Pending',
            providerFirstName: 'Priya',
            providerLastName: 'Raman',
            linkedToOtherTypeCount: 1,
            tasks: [{ propertyCategoryId: 2, isAddressed: false, taskNote: 'Both sides' }],
          },
        ],
      },
    ],
    alternatives: { statusDesc: ['Completed', 'Missed'] },
  },
  {
    name: 'care provider',
    url: facilityUrl('care-providers'),
    scope: 'clinical',
    schema: IntegrationCareProviderSchema,
    samples: [
      {
        firstName: 'Dana',
        lastName: 'Keyes',
        suffix: 'MD',
        titleValue: 'MedicalOncologist',
        title: 'Medical Oncologist',
        institution: 'Riverside Cancer Center',
        publicEmail: 'dana.keyes@example.org',
        address1: '1 Hospital Way',
        address2: 'Floor 3',
        address3: 'Suite 301',
        city: 'Springfield',
        state: 'IL',
        country: 'USA',
        zipCode: '62701',
        publicPhone: '2175550100',
        publicPhoneExt: '12',
        fax: '2175550101',
        preferredSecureMessageSystemId: 1,
        photo: { contentType: 'image/png', content: PNG.toString('base64') },
      },
    ],
  },
  {
    name: 'education article',
    url: facilityUrl('education/articles'),
    scope: 'content',
    schema: IntegrationEducationArticleSchema,
    samples: [
      {
        title: 'Managing fatigue',
        categoryName: 'Side effects',
        categorySortOrder: 3,
        language: 'en',
        contentHtml: '<p>Rest when you need to.</p>',
      },
    ],
    alternatives: { language: ['es', 'fr'] },
  },
  {
    name: 'education assignment',
    url: patientUrl('education'),
    scope: 'clinical',
    schema: IntegrationEducationAssignmentSchema,
    samples: [{ articleExternalId: ARTICLES[0] as string, assignedDate: '2026-11-02' }],
    alternatives: { articleExternalId: [ARTICLES[1] as string] },
  },
  {
    name: 'FAQ',
    url: facilityUrl('facility/faqs'),
    scope: 'content',
    schema: IntegrationFaqSchema,
    samples: [
      {
        viewOrder: 4,
        texts: {
          en: { question: '<p>Where do I park?</p>', answer: '<p>Level 2.</p>' },
          es: { question: '<p>¿Dónde aparco?</p>', answer: '<p>Nivel 2.</p>' },
          fr: { question: '<p>Où me garer ?</p>', answer: '<p>Niveau 2.</p>' },
          pt: { question: '<p>Onde estaciono?</p>', answer: '<p>Nível 2.</p>' },
          zh: { question: '<p>在哪里停车？</p>', answer: '<p>二层。</p>' },
        },
      },
    ],
  },
  {
    name: 'form',
    url: facilityUrl('facility/forms'),
    scope: 'content',
    schema: IntegrationFormSchema,
    samples: [
      {
        viewOrder: 1,
        texts: {
          en: { title: 'Release of information', description: 'Sign and bring it.' },
          es: { title: 'Divulgación de información', description: 'Fírmelo.' },
          fr: { title: 'Communication du dossier', description: 'Signez-le.' },
          pt: { title: 'Divulgação de informações', description: 'Assine-o.' },
          zh: { title: '信息披露', description: '签名后带来。' },
        },
        file: { fileName: 'release.pdf', contentType: 'application/pdf', content: PDF },
      },
    ],
  },
  {
    name: 'questionnaire assignment',
    url: patientUrl('questionnaire-assignments'),
    scope: 'clinical',
    schema: IntegrationQuestionnaireAssignmentSchema,
    samples: [{ templateExternalId: TEMPLATES[0] as string, dueDate: '2027-02-10', availableFrom: '2027-02-01' }],
    alternatives: { templateExternalId: [TEMPLATES[1] as string] },
  },
];

/* ------------------------------------------------------------------ helpers */

/** The body's leaves: the path of every value that is not an object or an array. */
function leavesOf(value: Json, at: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((member, i) => leavesOf(member, [...at, i]));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, member]) => leavesOf(member, [...at, key]));
  }
  return [at];
}

/** The field a path names, without its places in arrays (groups.0.details.1.testValue: groups.details.testValue). */
const fieldOf = (at: (string | number)[]) => at.filter((part) => typeof part === 'string').join('.');

/** Every field of a body schema (optional, nullable and defaulted ones included), as fieldOf names them. */
function fieldsOfSchema(schema: z.ZodType, at = ''): string[] {
  const def = (schema as unknown as { def: Record<string, unknown> & { type: string } }).def;
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
      return fieldsOfSchema(def.innerType as z.ZodType, at);
    case 'pipe':
      return fieldsOfSchema(def.in as z.ZodType, at);
    case 'array':
      return fieldsOfSchema(def.element as z.ZodType, at);
    case 'object':
      return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([key, member]) =>
        fieldsOfSchema(member, at ? `${at}.${key}` : key),
      );
    default:
      return [at];
  }
}

function setAt(body: JsonObject, at: (string | number)[], value: Json): JsonObject {
  const copy = structuredClone(body);
  let parent: Json = copy;
  for (const part of at.slice(0, -1)) parent = (parent as Record<string | number, Json>)[part] as Json;
  (parent as Record<string | number, Json>)[at.at(-1) as string | number] = value;
  return copy;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T/;

/** Values to try in place of `value`, the first the schema takes being the change. */
function candidatesFor(type: KeyedType, at: (string | number)[], value: Json): Json[] {
  const key = String(at.at(-1));
  const named = type.alternatives?.[key] ?? [];
  if (typeof value === 'boolean') return [!value];
  if (typeof value === 'number') return [value + 1, value - 1, value + 10];
  if (typeof value !== 'string') return named;
  if (DAY.test(value)) {
    return [new Date(Date.parse(`${value}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10), ...named];
  }
  if (INSTANT.test(value)) return [new Date(Date.parse(value) + 60_000).toISOString(), ...named];
  if (key === 'content') {
    // The same kind of file with one byte more: its type's check still holds.
    return [Buffer.concat([Buffer.from(value, 'base64'), Buffer.from('\n')]).toString('base64')];
  }
  if (key === 'contentType') return [];
  return [...named, `${value}x`, `${value}1`];
}

/** A file of each type a page, photo or form may be, for a change of its contentType with its bytes. */
const FILES: Record<string, string> = {
  'application/pdf': PDF,
  'image/png': PNG.toString('base64'),
  'image/jpeg': JPEG.toString('base64'),
  'text/plain': Buffer.from('Plain text\n').toString('base64'),
};

/** The body with its keys in reverse order at every level: the same content. */
function reordered(value: Json): Json {
  if (Array.isArray(value)) return value.map(reordered);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .reverse()
        .map(([key, member]) => [key, reordered(member)]),
    );
  }
  return value;
}

/* -------------------------------------------------------------------- tests */

describe('the one intake engine: a change to any field of any record type is a change', () => {
  it.each(TYPES.map((type) => [type.name, type] as const))('%s', async (_name, type) => {
    const token = tokens[type.scope] as string;
    const put = (externalId: string, body: JsonObject) =>
      request(t, 'PUT', type.url(externalId), { token, body }).then((res) => ({
        status: res.statusCode,
        body: res.statusCode < 300 ? res.json<IntegrationRecordPut>() : undefined,
        text: res.body,
      }));
    const changed = new Set<string>();
    const unnoticed: string[] = [];

    for (const sample of type.samples) {
      const externalId = `keyed-${randomUUID()}`;
      const created = await put(externalId, sample);
      expect(created.status, created.text).toBe(201);
      const resend = await put(externalId, reordered(sample) as JsonObject);
      expect([resend.status, resend.body?.changed], resend.text).toEqual([200, false]);

      for (const at of leavesOf(sample)) {
        const field = fieldOf(at);
        const original = at.reduce<Json>((node, part) => (node as Record<string | number, Json>)[part] as Json, sample);
        const tries: JsonObject[] = candidatesFor(type, at, original).map((value) => setAt(sample, at, value));
        if (String(at.at(-1)) === 'contentType') {
          // A file's type changes with its bytes: the other types, each with a file of its own.
          for (const [contentType, content] of Object.entries(FILES)) {
            if (contentType !== original) {
              tries.push(setAt(setAt(sample, at, contentType), [...at.slice(0, -1), 'content'], content));
            }
          }
        }
        for (const body of tries) {
          const res = await put(externalId, body);
          if (res.status === 400) continue; // not a value the schema takes: the next one
          expect(res.status, `${field}: ${res.text}`).toBe(200);
          if (res.body?.changed === true) changed.add(field);
          else unnoticed.push(field);
          const back = await put(externalId, sample);
          expect([back.status, back.body?.changed], `${field} put back: ${back.text}`).toEqual([
            200,
            res.body?.changed,
          ]);
          break;
        }
      }
    }

    expect(unnoticed, 'fields whose change answered changed: false').toEqual([]);
    const fields = type.schema
      ? fieldsOfSchema(type.schema)
      : [...new Set(type.samples.flatMap((s) => leavesOf(s).map(fieldOf)))];
    const untried = fields.filter((field) => !changed.has(field));
    expect(untried, 'fields no sample changed (add them to a sample, or a value the schema takes)').toEqual([]);
  });
});
