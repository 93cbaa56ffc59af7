import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CapabilityModule } from '@portal/contracts';
import { capabilityProfiles } from '../../src/db/schema/index';
import { forgetModuleGrants } from '../../src/platform/access/module-grants';
import type { RouteEntry } from '../../src/platform/access/access-control';
import type { AccessFixture } from '../access-fixture';
import { expectError, openApiApp, request, type TestApp } from '../api';
import { fill } from '../route-samples';
import { questionnaireRecordsOf } from '../questionnaire-fixture';
import { secureMessageThreadOf } from '../secure-message-fixture';

// Issue 31, finding 3: the dashboard's upcoming list answered with appointments at a facility that grants neither
// the Appointments module nor the Dashboard's Appointments section. The authorisation matrix's column "module not
// granted": every route that names a module answers 403 module_not_granted to the patient and to the
// representative once the facility stops granting it, whatever the request holds.

let t: TestApp;
let fx: AccessFixture;
let records: Record<string, string> = {};
let original: CapabilityModule[] = [];

const RECORDS: Record<string, string> = {
  articleId: 'select min(id) as id from education_articles where patient_id = $1',
  noteId: 'select min(id) as id from medical_notes where patient_id = $1 and is_published',
  labResultId: 'select min(id) as id from lab_results where patient_id = $1 and is_published',
};

beforeAll(async () => {
  ({ t, fx } = await openApiApp());
  for (const [name, query] of Object.entries(RECORDS)) {
    const [row] = await t.database.session((s) => s.query<{ id: number | null }>(query, [fx.patientA]));
    if (row?.id) records[name] = String(row.id);
  }
  records = {
    ...records,
    patientId: String(fx.patientA),
    id: String((await questionnaireRecordsOf(t.database.db, fx.patientA)).current),
    threadId: String(await secureMessageThreadOf(t.database.db, fx.patientA)),
  };
  original = await profileOf('patient');
});
afterAll(async () => {
  forgetModuleGrants();
  await t?.close();
});

type Audience = 'patient' | 'representative';

async function profileOf(audience: Audience): Promise<CapabilityModule[]> {
  const [row] = await t.database.db
    .select({ modules: capabilityProfiles.modules })
    .from(capabilityProfiles)
    .where(and(eq(capabilityProfiles.facilityId, fx.facilityId), eq(capabilityProfiles.audience, audience)));
  if (!row) throw new Error(`no ${audience} profile`);
  return row.modules;
}

async function setProfile(audience: Audience, modules: CapabilityModule[]) {
  await t.database.db
    .update(capabilityProfiles)
    .set({ modules })
    .where(and(eq(capabilityProfiles.facilityId, fx.facilityId), eq(capabilityProfiles.audience, audience)));
  forgetModuleGrants();
}

/** The profile without `grant` (a module, or Module.Field: that one field of the module). */
function without(modules: CapabilityModule[], grant: string): CapabilityModule[] {
  const [moduleName, fieldName] = grant.split('.');
  if (fieldName === undefined) return modules.filter((m) => m.moduleName !== moduleName);
  return modules.map((m) =>
    m.moduleName === moduleName ? { ...m, details: m.details.filter((d) => d.fieldName !== fieldName) } : m,
  );
}

const moduleRoutes = () => t.app.routeTable.filter((r: RouteEntry) => r.module !== undefined);

describe('routes of a module the facility does not grant', () => {
  it('lists a module for the dashboard\u2019s upcoming list, and every module route is in this column', () => {
    const routes = moduleRoutes();
    expect(routes.map((r) => `${r.method} ${r.url}`)).toContain(
      'GET /api/patients/:patientId/upcomingAppointments/count/:count',
    );
    expect(new Set(routes.map((r) => r.module))).toContain('Dashboard.Appointments');
    expect(routes.length).toBeGreaterThan(20);
  });

  for (const who of ['patientA', 'representativeOfA'] as const) {
    const audience: Audience = who === 'patientA' ? 'patient' : 'representative';
    it(`answers 403 module_not_granted to ${who} on every route of each module taken away`, async () => {
      const profile = await profileOf(audience);
      const token = (await fx.token(who)).bearer;
      const grants = [...new Set(moduleRoutes().map((r) => r.module!))];
      try {
        for (const grant of grants) {
          await setProfile(audience, without(profile, grant));
          for (const route of moduleRoutes().filter((r) => r.module === grant)) {
            const res = await request(t, route.method as 'GET', fill(route.url, records), {
              token,
              ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { body: {} }),
            });
            expectError(res, 403, 'module_not_granted', { message: undefined });
          }
        }
      } finally {
        await setProfile(audience, profile);
      }
    });
  }

  it('still serves the upcoming list where the Dashboard\u2019s Appointments section is granted', async () => {
    await setProfile('patient', original);
    const res = await request(t, 'GET', `/api/patients/${fx.patientA}/upcomingAppointments/count/4`, {
      token: (await fx.token('patientA')).bearer,
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});
