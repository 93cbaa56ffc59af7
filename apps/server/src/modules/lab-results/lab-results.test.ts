import { and, desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LabResult, LabResultListItem } from '@portal/contracts';
import type { AccessFixture, CallerKind } from '../../../test/access-fixture';
import { expectError, expectOk, openApiApp, type ApiCaller, type TestApp } from '../../../test/api';
import { pdfText } from '../../../test/pdf-text';
import { auditEvents, labResultDetails, labResultGroups, labResults, users } from '../../db/schema/index';

let t: TestApp;
let fx: AccessFixture;
let db: TestApp['database']['db'];
let api: ApiCaller;

beforeAll(async () => {
  ({ t, fx, db, api } = await openApiApp());
});
afterAll(async () => {
  await t?.close();
});

/* ----------------------------------------------------------------- helpers */

const listUrl = (patientId: number) => `/api/patients/${patientId}/labresults/published`;
const countUrl = (patientId: number) => `/api/patients/${patientId}/labresults/NotReviewedCount`;
const detailUrl = (patientId: number, id: number | string) => `/api/patients/${patientId}/labresults/${id}`;

const DAY_MS = 86_400_000;
// Calendar days (UTC) between the collection and today, as the demo sets them: a count of elapsed time
// would read 2 for a collection 3 days ago at 13:15 UTC when asked shortly after midnight.
const utcDay = (ms: number) => Math.floor(ms / DAY_MS);
const daysAgo = (iso: string) => utcDay(Date.now()) - utcDay(Date.parse(iso));

async function janeList() {
  return expectOk<LabResultListItem[]>(await api.get(listUrl(fx.patientA), 'patientA'));
}
async function resultNamed(groupName: string, patientId = fx.patientA) {
  const rows = await db
    .select({ id: labResults.id, reviewed: labResults.isReviewedByPatient, published: labResults.isPublished })
    .from(labResults)
    .innerJoin(labResultGroups, eq(labResultGroups.labResultId, labResults.id))
    .where(and(eq(labResults.patientId, patientId), eq(labResultGroups.groupDisplayName, groupName)))
    .orderBy(desc(labResults.collectedAt));
  return rows;
}
async function setReviewed(id: number, reviewed: boolean) {
  await db
    .update(labResults)
    .set({ isReviewedByPatient: reviewed, reviewedAt: reviewed ? new Date() : null })
    .where(eq(labResults.id, id));
}
async function auditRows(eventType: string) {
  return db.select().from(auditEvents).where(eq(auditEvents.eventType, eventType)).orderBy(desc(auditEvents.id));
}

/* -------------------------------------------------------------------- list */

describe('GET /api/patients/:patientId/labresults/published', () => {
  it('answers jane’s twelve published results, newest first, over the past year, with their group names', async () => {
    const list = await janeList();
    expect(list).toHaveLength(12);
    const dates = list.map((r) => r.startDate);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const r of list) expect(r.startDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(list.map((r) => daysAgo(r.startDate))).toEqual([3, 14, 35, 62, 118, 150, 172, 215, 250, 300, 330, 352]);
    expect(list.map((r) => r.testResultGroups.map((g) => g.groupDisplayName))).toEqual([
      ['Comprehensive Metabolic Panel'],
      ['CBC with Differential'],
      ['Tumor Markers'],
      ['Comprehensive Metabolic Panel'],
      ['CBC with Differential'],
      ['Tumor Markers'],
      ['CBC with Differential', 'Comprehensive Metabolic Panel'],
      ['CBC with Differential'],
      ['CBC with Differential', 'Comprehensive Metabolic Panel'],
      ['Tumor Markers'],
      ['Surgical Pathology'],
      ['CBC with Differential', 'Comprehensive Metabolic Panel'],
    ]);
    // The three newest are not reviewed yet.
    expect(list.map((r) => r.isReviewedByPatient)).toEqual([false, false, false, ...Array(9).fill(true)]);
    // The list carries no tests.
    for (const r of list) for (const g of r.testResultGroups) expect(g).not.toHaveProperty('testResultDetails');
  });

  it('writes out each result with the spec’s fields', async () => {
    const [newest] = await janeList();
    expect(newest).toEqual<LabResultListItem>({
      labResultId: expect.any(Number),
      startDate: expect.any(String),
      externalStatus: 'Preliminary',
      requestingPhysician: 'Dr. Priya Raman',
      isReviewedByPatient: false,
      address1: '214 Willow Bend Road',
      address2: null,
      city: 'Riverside',
      state: 'NY',
      zipCode: '12210',
      country: 'United States',
      labName: 'RCC Laboratory',
      labAddress: '1200 River Road, Laboratory, 2nd Floor, Riverside, NY 12210',
      comment: 'Magnesium to follow.',
      noteToPatient: null,
      testResultGroups: [{ testResultGroupId: expect.any(Number), groupDisplayName: 'Comprehensive Metabolic Panel' }],
    });
  });

  it('writes each result as its detail does: the same instant to the millisecond and the same texts', async () => {
    // The list's JSON is written by the database, the detail's by the server: both must say the same thing.
    const reviewed = (await janeList())[5]!;
    const [stored] = await db.select().from(labResults).where(eq(labResults.id, reviewed.labResultId));
    const tricky = 'He said "fasting"\\ then\nrest\ttwice: 血红蛋白 ✓ \u0001 </script>';
    const collectedAt = new Date(stored!.collectedAt.getTime() + 789);
    await db
      .update(labResults)
      .set({ comment: tricky, labName: 'Laboratório São João', collectedAt })
      .where(eq(labResults.id, reviewed.labResultId));
    try {
      const item = (await janeList()).find((r) => r.labResultId === reviewed.labResultId)!;
      expect(item.comment).toBe(tricky);
      expect(item.startDate).toBe(collectedAt.toISOString());
      const detail = expectOk<LabResult>(await api.get(detailUrl(fx.patientA, reviewed.labResultId), 'patientA'));
      const { testResultGroups: groupNames, ...itemFields } = item;
      const { testResultGroups: groups, ...detailFields } = detail;
      expect(itemFields).toEqual(detailFields);
      expect(groupNames).toEqual(
        groups.map((g) => ({ testResultGroupId: g.testResultGroupId, groupDisplayName: g.groupDisplayName })),
      );
    } finally {
      await db
        .update(labResults)
        .set({ comment: stored!.comment, labName: stored!.labName, collectedAt: stored!.collectedAt })
        .where(eq(labResults.id, reviewed.labResultId));
    }
  });

  it('never serves an unpublished result', async () => {
    const [magnesium] = await resultNamed('Magnesium');
    expect(magnesium?.published).toBe(false);
    const list = await janeList();
    expect(list.map((r) => r.labResultId)).not.toContain(magnesium!.id);
  });

  it('serves john his own, different results, and the representative jane’s', async () => {
    const john = expectOk<LabResultListItem[]>(await api.get(listUrl(fx.patientB), 'patientB'));
    expect(john).toHaveLength(3);
    expect(john.every((r) => r.requestingPhysician === 'Dr. Helen Marsh')).toBe(true);
    expect(john[0]!.testResultGroups.map((g) => g.groupDisplayName)).toEqual(['Prostate Markers']);
    expect(john.map((r) => r.address2)).toEqual(['Apt 3B', 'Apt 3B', 'Apt 3B']);
    expect(expectOk(await api.get(listUrl(fx.patientA), 'representativeOfA'))).toEqual(await janeList());
  });

  it('answers an empty list for a patient with no results', async () => {
    await db.update(labResults).set({ isPublished: false }).where(eq(labResults.patientId, fx.patientB));
    try {
      expect(expectOk(await api.get(listUrl(fx.patientB), 'patientB'))).toEqual([]);
    } finally {
      await db.update(labResults).set({ isPublished: true }).where(eq(labResults.patientId, fx.patientB));
    }
  });

  it('refuses callers without access to the patient', async () => {
    expectError(await api.get(listUrl(fx.patientB), 'patientA'), 404, 'not_found');
    expectError(await api.get(listUrl(fx.patientA), 'patientB'), 404, 'not_found');
    expectError(await api.get(listUrl(fx.patientA), 'disabledRepresentative'), 404, 'not_found');
    expectError(await api.get(listUrl(fx.patientA), 'anonymous'), 401, 'unauthorized');
    expectError(await api.get(listUrl(fx.patientA), 'kioskUserOfA'), 403, 'forbidden');
    expectError(await api.get(listUrl(fx.patientA), 'linkUserOfA'), 403, 'forbidden');
    expectError(await api.get('/api/patients/abc/labresults/published', 'patientA'), 404, 'not_found');
  });
});

/* ------------------------------------------------------------------- count */

describe('GET /api/patients/:patientId/labresults/NotReviewedCount', () => {
  it('counts the published results not yet reviewed, as a bare integer', async () => {
    expect(expectOk<number>(await api.get(countUrl(fx.patientA), 'patientA'))).toBe(3);
    expect(expectOk<number>(await api.get(countUrl(fx.patientA), 'representativeOfA'))).toBe(3);
    expect(expectOk<number>(await api.get(countUrl(fx.patientB), 'patientB'))).toBe(1);
    // The unpublished one is not reviewed either, and does not count.
    const [magnesium] = await resultNamed('Magnesium');
    expect(magnesium?.reviewed).toBe(false);
  });

  it('answers 0 when everything is reviewed, and any spelling of the path', async () => {
    const [pending] = await db
      .select({ id: labResults.id })
      .from(labResults)
      .where(and(eq(labResults.patientId, fx.patientB), eq(labResults.isReviewedByPatient, false)));
    await setReviewed(pending!.id, true);
    try {
      expect(
        expectOk<number>(await api.get(`/api/patients/${fx.patientB}/labresults/notReviewedCount`, 'patientB')),
      ).toBe(0);
    } finally {
      await setReviewed(pending!.id, false);
    }
  });

  it('refuses callers without access to the patient', async () => {
    expectError(await api.get(countUrl(fx.patientB), 'patientA'), 404, 'not_found');
    expectError(await api.get(countUrl(fx.patientA), 'anonymous'), 401, 'unauthorized');
    expectError(await api.get(countUrl(fx.patientA), 'kioskUserOfA'), 403, 'forbidden');
  });
});

/* ------------------------------------------------------------------ detail */

describe('GET /api/patients/:patientId/labresults/:labResultId', () => {
  it('answers the result with its groups and tests in order', async () => {
    const list = await janeList();
    const both = list.find((r) => r.testResultGroups.length === 2 && daysAgo(r.startDate) === 172)!;
    const detail = expectOk<LabResult>(await api.get(detailUrl(fx.patientA, both.labResultId), 'patientA'));
    expect(detail.labResultId).toBe(both.labResultId);
    expect(detail.externalStatus).toBe('Corrected');
    expect(detail.comment).toBe('ALT corrected after repeat analysis of the same specimen.');
    expect(detail.testResultGroups.map((g) => g.groupDisplayName)).toEqual([
      'CBC with Differential',
      'Comprehensive Metabolic Panel',
    ]);
    expect(detail.testResultGroups.map((g) => g.testResultGroupId)).toEqual(
      both.testResultGroups.map((g) => g.testResultGroupId),
    );
    const [cbc, cmp] = detail.testResultGroups;
    expect(cbc!.testResultDetails.map((d) => d.testDisplayName)).toEqual([
      'White Blood Cell Count',
      'Red Blood Cell Count',
      'Hemoglobin',
      'Hematocrit',
      'Platelet Count',
      'Absolute Neutrophil Count',
      'Absolute Lymphocyte Count',
    ]);
    expect(cmp!.testResultDetails).toHaveLength(11);
    const alt = cmp!.testResultDetails.find((d) => d.testDisplayName === 'ALT (SGPT)');
    expect(alt).toEqual({
      testResultDetailId: expect.any(Number),
      testDisplayName: 'ALT (SGPT)',
      testValue: '61',
      unitOfMeasure: 'IU/L',
      referencesRange: '0 - 32',
      abnormalFlag: 'H',
      testDetailStatus: 'Corrected',
      comment: 'Corrected result: previously reported as 16 IU/L.',
    });
    const sodium = cmp!.testResultDetails.find((d) => d.testDisplayName === 'Sodium');
    expect(sodium).toMatchObject({ testValue: '138', abnormalFlag: 'N', testDetailStatus: 'Final', comment: null });
  });

  it('serves the biopsy as one long value (the browser shows it as free text), with remarks', async () => {
    const [biopsy] = await resultNamed('Surgical Pathology');
    const detail = expectOk<LabResult>(await api.get(detailUrl(fx.patientA, biopsy!.id), 'patientA'));
    expect(detail.labName).toBe('Northeast Pathology Associates');
    expect(detail.noteToPatient).toMatch(/^Dr\. Raman reviewed this report/);
    expect(detail.comment).toMatch(/^Specimen: left breast/);
    const [group] = detail.testResultGroups;
    expect(group!.testResultDetails).toHaveLength(1);
    expect(group!.testResultDetails[0]!.testValue!.length).toBeGreaterThan(20);
    expect(group!.testResultDetails[0]).toMatchObject({
      testDisplayName: 'Final Diagnosis',
      unitOfMeasure: null,
      referencesRange: null,
      abnormalFlag: null,
    });
    expect(group!.testResultDetails[0]!.testValue).toContain('invasive ductal carcinoma');
  });

  it('marks an unreviewed result reviewed and writes the audit row, in the same call', async () => {
    const [markers] = await resultNamed('Tumor Markers');
    expect(markers?.reviewed).toBe(false);
    const before = expectOk<number>(await api.get(countUrl(fx.patientA), 'patientA'));
    const started = Date.now();
    try {
      const detail = expectOk<LabResult>(await api.get(detailUrl(fx.patientA, markers!.id), 'patientA'));
      expect(detail.isReviewedByPatient).toBe(true);
      expect(detail.noteToPatient).toBe('Good news: both tumor markers are within the normal range.');
      const [ca153, cea] = detail.testResultGroups[0]!.testResultDetails;
      expect(ca153).toMatchObject({ testDisplayName: 'CA 15-3', testValue: '18.4', unitOfMeasure: 'U/mL' });
      expect(cea).toMatchObject({ testDisplayName: 'CEA', testValue: '1.9', abnormalFlag: 'N' });

      const [row] = await db.select().from(labResults).where(eq(labResults.id, markers!.id));
      expect(row!.isReviewedByPatient).toBe(true);
      expect(row!.reviewedAt!.getTime()).toBeGreaterThanOrEqual(started - 1000);
      expect(expectOk<number>(await api.get(countUrl(fx.patientA), 'patientA'))).toBe(before - 1);
      const list = await janeList();
      expect(list.find((r) => r.labResultId === markers!.id)!.isReviewedByPatient).toBe(true);

      const [audit] = await auditRows('testresultdetailviewauditevent');
      expect(audit).toMatchObject({
        outcome: 'success',
        actorUserId: fx.userIds.jane,
        patientId: fx.patientA,
        loginType: 'userNamePassword',
        facilityId: fx.facilityId,
        detail: { labResultId: markers!.id, markedReviewed: true },
      });
      expect(audit!.sessionId).toEqual(expect.any(Number));

      // A second view keeps the first review time and audits again.
      const firstReview = row!.reviewedAt!.getTime();
      expectOk<LabResult>(await api.get(detailUrl(fx.patientA, markers!.id), 'patientA'));
      const [again] = await db.select().from(labResults).where(eq(labResults.id, markers!.id));
      expect(again!.reviewedAt!.getTime()).toBe(firstReview);
      const [second] = await auditRows('testresultdetailviewauditevent');
      expect(second!.id).toBeGreaterThan(audit!.id);
      // The one row of the read (the access hook adds the path's ids and the status).
      expect(second!.detail).toMatchObject({ labResultId: markers!.id, markedReviewed: false, status: 200 });
    } finally {
      await setReviewed(markers!.id, false);
    }
  });

  it('lets the representative view it: it is then reviewed, audited under the representative', async () => {
    const [cbc] = await resultNamed('CBC with Differential');
    expect(cbc?.reviewed).toBe(false);
    try {
      const detail = expectOk<LabResult>(await api.get(detailUrl(fx.patientA, cbc!.id), 'representativeOfA'));
      expect(detail.testResultGroups[0]!.groupDisplayName).toBe('CBC with Differential');
      const [audit] = await auditRows('testresultdetailviewauditevent');
      expect(audit).toMatchObject({ actorUserId: fx.userIds.robert, patientId: fx.patientA });
      const [row] = await db.select().from(labResults).where(eq(labResults.id, cbc!.id));
      expect(row!.isReviewedByPatient).toBe(true);
    } finally {
      await setReviewed(cbc!.id, false);
    }
  });

  it('answers 404 for an unpublished result, another patient’s, or an unknown id, and changes nothing', async () => {
    const [magnesium] = await resultNamed('Magnesium');
    const [johns] = await resultNamed('Prostate Markers', fx.patientB);
    const auditsBefore = (await auditRows('testresultdetailviewauditevent')).length;
    for (const id of [magnesium!.id, johns!.id, 2_000_000_000]) {
      const body = expectError(await api.get(detailUrl(fx.patientA, id), 'patientA'), 404, 'not_found');
      expect(body.message).toBe('This test result was not found.');
    }
    // John's own, through Jane's path by the representative: also 404.
    expectError(await api.get(detailUrl(fx.patientA, johns!.id), 'representativeOfA'), 404, 'not_found');
    // Jane's result through John's path: no access to John.
    const [janes] = await resultNamed('Surgical Pathology');
    expectError(await api.get(detailUrl(fx.patientB, janes!.id), 'patientA'), 404, 'not_found');
    const [m] = await db.select().from(labResults).where(eq(labResults.id, magnesium!.id));
    expect(m!.isReviewedByPatient).toBe(false);
    expect((await auditRows('testresultdetailviewauditevent')).length).toBe(auditsBefore);
  });

  it('answers 400 naming labResultId when it is not a positive integer', async () => {
    for (const bad of ['abc', '0', '-4', '1.5', '99999999999']) {
      expectError(await api.get(detailUrl(fx.patientA, bad), 'patientA'), 400, 'validation_failed', 'labResultId');
    }
  });

  it('refuses callers without access to the patient', async () => {
    const [biopsy] = await resultNamed('Surgical Pathology');
    expectError(await api.get(detailUrl(fx.patientA, biopsy!.id), 'anonymous'), 401, 'unauthorized');
    expectError(await api.get(detailUrl(fx.patientA, biopsy!.id), 'patientB'), 404, 'not_found');
    expectError(await api.get(detailUrl(fx.patientA, biopsy!.id), 'disabledRepresentative'), 404, 'not_found');
    expectError(await api.get(detailUrl(fx.patientA, biopsy!.id), 'kioskStaff'), 404, 'not_found');
    expectError(await api.get(detailUrl(fx.patientA, biopsy!.id), 'linkUserOfA'), 403, 'forbidden');
  });
});

/* --------------------------------------------------------------------- pdf */

describe('POST /api/patients/:patientId/labresults/published/:labResultId/pdf', () => {
  const pdfUrl = (patientId: number, id: number | string, query = '') =>
    `/api/patients/${patientId}/labresults/published/${id}/pdf${query}`;
  const post = (url: string, who: CallerKind = 'patientA') => api.call('POST', url, who);
  /** The text of every page, one string, spaces squeezed (wrapped cells break lines anywhere). */
  const textOf = async (res: LightMyRequestResponse) => (await pdfText(res.rawPayload)).join('\n').replace(/\s+/g, ' ');

  function expectPdf(res: LightMyRequestResponse) {
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  }

  it('answers the printout of the result with its values, in English for jane, and audits it', async () => {
    const [cmp] = await resultNamed('Comprehensive Metabolic Panel');
    expect(cmp?.reviewed).toBe(false);
    const res = await post(pdfUrl(fx.patientA, cmp!.id));
    expectPdf(res);
    const [row] = await db.select().from(labResults).where(eq(labResults.id, cmp!.id));
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(row!.collectedAt);
    expect(res.headers['content-disposition']).toBe(`inline; filename="test-result-${day}.pdf"`);
    const text = await textOf(res);
    for (const expected of [
      'Riverside Cancer Center',
      'Comprehensive Metabolic Panel',
      'Patient',
      'Jane Doe',
      'Date collected',
      'Ordered by',
      'Dr. Priya Raman',
      'RCC Laboratory',
      'Preliminary',
      'Remarks',
      'Magnesium to follow.',
      // Headers may wrap inside their column.
      'Reference',
      'Potassium',
      '3.3',
      'mmol/L',
      '3.5 - 5.2',
      'Low',
      'Glucose',
      '65 - 99',
      'ALT (SGPT)',
    ]) {
      expect(text).toContain(expected);
    }
    const collected = new Intl.DateTimeFormat('en-US', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'America/New_York',
    }).format(row!.collectedAt);
    expect(text).toContain(collected.replace(/\s+/g, ' '));
    // Printing is not reviewing.
    expect(row!.isReviewedByPatient).toBe(false);
    const [audit] = await auditRows('testresultprintauditevent');
    expect(audit).toMatchObject({
      outcome: 'success',
      actorUserId: fx.userIds.jane,
      patientId: fx.patientA,
      detail: { labResultId: cmp!.id, language: 'en-US' },
    });
  });

  it('prints a free-text group as its text, with both remarks', async () => {
    const [biopsy] = await resultNamed('Surgical Pathology');
    const res = await post(pdfUrl(fx.patientA, biopsy!.id));
    expectPdf(res);
    const text = await textOf(res);
    expect(text).toContain('Surgical Pathology');
    expect(text).toContain('Final Diagnosis');
    expect(text).toContain('invasive ductal carcinoma, Nottingham grade 2');
    expect(text).toContain('Ki-67 approximately 15%.');
    expect(text).toContain('Note from your care team');
    expect(text).toContain('Specimen: left breast');
    expect(text).toContain('Northeast Pathology Associates');
  });

  it('prints the labels in ?language: Chinese, Spanish', async () => {
    const [cmp] = await resultNamed('Comprehensive Metabolic Panel');
    const zh = await post(pdfUrl(fx.patientA, cmp!.id, '?language=zh'));
    expectPdf(zh);
    const zhText = await textOf(zh);
    for (const label of ['采样日期', '开单医生', '实验室', '参考范围', '偏低', '正常', '备注']) {
      expect(zhText).toContain(label);
    }
    expect(zhText).toContain('Potassium');
    expect(zhText).toContain('3.3');
    expect((await auditRows('testresultprintauditevent'))[0]!.detail).toEqual({
      labResultId: cmp!.id,
      language: 'zh',
    });

    const es = await post(pdfUrl(fx.patientA, cmp!.id, '?language=es-MX'));
    const esText = await textOf(es);
    // The laboratory's status in Spanish too (issue 11 #7): 'Preliminar', never the English word.
    for (const label of ['Fecha de recolección', 'Solicitado por', 'Intervalo', 'Bajo', 'Preliminar']) {
      expect(esText).toContain(label);
    }
    expect(esText).not.toContain('Preliminary');
  });

  it('uses the user’s chosen language when none is asked, and English for an unsupported one', async () => {
    const [cmp] = await resultNamed('Comprehensive Metabolic Panel');
    await db.update(users).set({ preferredLanguage: 'fr-CA' }).where(eq(users.id, fx.userIds.jane));
    try {
      const fr = await textOf(await post(pdfUrl(fx.patientA, cmp!.id)));
      expect(fr).toContain('Date du prélèvement');
      expect(fr).toContain('Prescrit par');
      const asked = await textOf(await post(pdfUrl(fx.patientA, cmp!.id, '?language=pt-BR')));
      expect(asked).toContain('Data da coleta');
      const unsupported = await textOf(await post(pdfUrl(fx.patientA, cmp!.id, '?language=ko-KR')));
      expect(unsupported).toContain('Date collected');
    } finally {
      await db.update(users).set({ preferredLanguage: null }).where(eq(users.id, fx.userIds.jane));
    }
  });

  it('lets the representative print jane’s result, audited under the representative', async () => {
    const [markers] = await resultNamed('Tumor Markers');
    const res = await post(pdfUrl(fx.patientA, markers!.id), 'representativeOfA');
    expectPdf(res);
    const text = await textOf(res);
    expect(text).toContain('CA 15-3');
    expect(text).toContain('18.4');
    expect(text).toContain('U/mL');
    const [audit] = await auditRows('testresultprintauditevent');
    expect(audit).toMatchObject({ actorUserId: fx.userIds.robert, patientId: fx.patientA });
  });

  it('answers 404 for an unpublished result, another patient’s or an unknown id, without an audit row', async () => {
    const [magnesium] = await resultNamed('Magnesium');
    const [johns] = await resultNamed('Prostate Markers', fx.patientB);
    const before = (await auditRows('testresultprintauditevent')).length;
    for (const id of [magnesium!.id, johns!.id, 2_000_000_000]) {
      const body = expectError(await post(pdfUrl(fx.patientA, id)), 404, 'not_found');
      expect(body.message).toBe('This test result was not found.');
    }
    expect((await auditRows('testresultprintauditevent')).length).toBe(before);
  });

  it('answers 400 naming the field for a bad id or language', async () => {
    expectError(await post(pdfUrl(fx.patientA, 'abc')), 400, 'validation_failed', 'labResultId');
    const [cmp] = await resultNamed('Comprehensive Metabolic Panel');
    expectError(
      await post(pdfUrl(fx.patientA, cmp!.id, `?language=${'x'.repeat(36)}`)),
      400,
      'validation_failed',
      'language',
    );
  });

  it('refuses callers without access to the patient', async () => {
    const [cmp] = await resultNamed('Comprehensive Metabolic Panel');
    expectError(await post(pdfUrl(fx.patientA, cmp!.id), 'anonymous'), 401, 'unauthorized');
    expectError(await post(pdfUrl(fx.patientA, cmp!.id), 'patientB'), 404, 'not_found');
    expectError(await post(pdfUrl(fx.patientA, cmp!.id), 'disabledRepresentative'), 404, 'not_found');
    expectError(await post(pdfUrl(fx.patientA, cmp!.id), 'kioskUserOfA'), 403, 'forbidden');
    // A GET of the same path is not a route.
    expect((await api.get(pdfUrl(fx.patientA, cmp!.id), 'patientA')).statusCode).toBe(404);
  });
});

/* ---------------------------------------------------------------- database */

describe('the lab result tables', () => {
  it('refuse an abnormal flag outside H, L, HH, LL, A, N', async () => {
    const [group] = await db.select({ id: labResultGroups.id }).from(labResultGroups).limit(1);
    await expect(
      db.insert(labResultDetails).values({
        groupId: group!.id,
        testDisplayName: 'x',
        abnormalFlag: 'X' as never,
      }),
    ).rejects.toThrow();
  });
});
