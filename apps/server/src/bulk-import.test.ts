import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiApp, type TestApp } from '../test/api';
import { importNdjson, parseImportLine } from './bulk-import';

let t: TestApp;
const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-import-'));

beforeAll(async () => {
  ({ t } = await openApiApp());
});
afterAll(async () => {
  await t.close();
});

const JANE = 'RCC-100234';

function labResult(testValue: string) {
  return {
    isPublished: true,
    collectedAt: '2026-10-01T08:30:00Z',
    externalStatus: 'Final',
    groups: [
      {
        groupDisplayName: 'Basic Metabolic Panel',
        details: [{ testDisplayName: 'Sodium', testValue, unitOfMeasure: 'mmol/L' }],
      },
    ],
  };
}

async function labResultRows(externalIds: string[]) {
  return t.database.session((s) =>
    s.query<{ external_id: string; withdrawn: boolean }>(
      'select external_id, withdrawn_at is not null as withdrawn from lab_results where external_id = any($1) order by external_id',
      [externalIds],
    ),
  );
}

describe('npm run import', () => {
  it('loads good lines, reports bad ones with their line numbers and reasons, and a second run changes nothing', async () => {
    const file = path.join(dir, 'feed.ndjson');
    const rejectsFile = path.join(dir, 'feed.rejects.ndjson');
    writeFileSync(
      file,
      [
        JSON.stringify({ put: `/patients/${JANE}/lab-results/IMP-1`, body: labResult('140') }),
        JSON.stringify({ put: `/patients/${JANE}/lab-results/IMP-2`, body: labResult('141') }),
        '{ not json',
        '',
        JSON.stringify({
          put: `/patients/${JANE}/lab-results/IMP-3`,
          body: { ...labResult('142'), collectedAt: 'yesterday' },
        }),
        JSON.stringify({ put: '/patients/NO-SUCH-MRN/lab-results/IMP-4', body: labResult('143') }),
        JSON.stringify({ get: '/patients' }),
        JSON.stringify({ delete: `/patients/${JANE}/lab-results/IMP-2` }),
      ].join('\n') + '\n',
    );

    const progress: number[] = [];
    const first = await importNdjson({
      app: t.app,
      facility: 'riverside',
      file,
      rejectsFile,
      onProgress: (s) => progress.push(s.fraction),
    });
    expect(first).toMatchObject({ lines: 7, written: 2, unchanged: 0, withdrawn: 1, rejected: 4 });
    expect(progress.at(-1)).toBe(1);
    expect(first.rejections.map((r) => r.line)).toEqual([3, 5, 6, 7]);
    expect(first.rejections[0]?.reason).toBe('The line is not JSON.');
    expect(first.rejections[1]?.reason).toMatch(/^400 .*\(field collectedAt\)$/);
    expect(first.rejections[2]?.reason).toBe('404 No patient with this MRN at your facility.');
    expect(first.rejections[3]?.reason).toBe('The line names no "put" or "delete" path.');
    const rejects = readFileSync(rejectsFile, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { line: number; reason: string; record: string })
      .sort((a, b) => a.line - b.line);
    expect(rejects.map((r) => r.line)).toEqual([3, 5, 6, 7]);
    expect(rejects[0]?.record).toBe('{ not json');

    expect(await labResultRows(['IMP-1', 'IMP-2', 'IMP-3', 'IMP-4'])).toEqual([
      { external_id: 'IMP-1', withdrawn: false },
      { external_id: 'IMP-2', withdrawn: true },
    ]);
    const [before] = await t.database.session((s) =>
      s.query<{ n: number }>('select count(*)::int as n from lab_result_details'),
    );

    const second = await importNdjson({ app: t.app, facility: 'riverside', file, rejectsFile });
    // IMP-1 again as it is: unchanged, not written (issue 32, finding 20); IMP-2 comes back, then goes again.
    expect(second).toMatchObject({ lines: 7, written: 1, unchanged: 1, withdrawn: 1, rejected: 4 });
    const [after] = await t.database.session((s) =>
      s.query<{ n: number }>('select count(*)::int as n from lab_result_details'),
    );
    expect(after?.n).toBe(before?.n);
    expect(await labResultRows(['IMP-1', 'IMP-2'])).toHaveLength(2);

    // The import's own client is revoked at the end; its audit rows name it.
    const [client] = await t.database.session((s) =>
      s.query<{ revoked: boolean; calls: number }>(
        `select c.revoked_at is not null as revoked,
                (select count(*)::int from audit_events a where a.integration_client_id = c.id) as calls
           from integration_clients c where c.name like 'Bulk import %' order by c.id limit 1`,
      ),
    );
    // Five calls reached the API: two puts, the bad put (400), the unknown MRN (404) and the delete.
    expect(client).toEqual({ revoked: true, calls: 5 });
  });

  it('refuses paths outside the resources and lines without a body', () => {
    expect(parseImportLine(JSON.stringify({ put: '/token', body: {} }))).toEqual({
      error: '"put" is not a resource path under /integration/v1.',
    });
    expect(parseImportLine(JSON.stringify({ delete: '/patients/../../api/x' }))).toMatchObject({
      error: expect.any(String) as string,
    });
    expect(parseImportLine(JSON.stringify({ put: '/patients/X' }))).toEqual({ error: 'A "put" line needs a body.' });
    expect(parseImportLine('[1]')).toEqual({ error: 'The line is not a JSON object.' });
  });
});
