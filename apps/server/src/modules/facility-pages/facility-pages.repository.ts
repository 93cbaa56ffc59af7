import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  contentItems,
  facilityContacts,
  facilityFaqs,
  facilityForms,
  facilityUsefulLinks,
  patients,
  personalContacts,
  type ByLanguage,
} from '../../db/schema/index';
import type { KeyedTable } from '../../platform/intake/keyed-records';

export type { ByLanguage };

// Every query of the facility information pages. Items of another facility are never found: each query names it.

export type FaqTexts = ByLanguage<{ question: string; answer: string }>;
export type FormTexts = ByLanguage<{ title: string; description: string | null }>;
/** Same content, whatever order the keys came in (jsonb answers its keys in its own order). */
function sameJson(a: unknown, b: unknown): boolean {
  const canonical = (value: unknown): unknown =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(
          Object.entries(value as Record<string, unknown>)
            .filter(([, v]) => v !== undefined)
            .sort(([x], [y]) => (x < y ? -1 : 1))
            .map(([k, v]) => [k, canonical(v)]),
        )
      : value;
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

/* --------------------------------------------------------------------- FAQs */

/** Where the intake engine keeps a facility's FAQ: one row per facility identifier. */
export const faqTable: KeyedTable<'facilityId'> = { name: 'FAQ', table: facilityFaqs, owner: 'facilityId' };

export async function findLiveFaq(db: DbOrTx, facilityId: number, externalId: string) {
  const [row] = await db
    .select()
    .from(facilityFaqs)
    .where(
      and(
        eq(facilityFaqs.facilityId, facilityId),
        eq(facilityFaqs.externalId, externalId),
        isNull(facilityFaqs.withdrawnAt),
      ),
    );
  return row;
}

/** The FAQ's id when the facility has one under this identifier (withdrawn now or before), else undefined. */
export function listFaqs(db: DbOrTx, facilityId: number) {
  return db
    .select({ id: facilityFaqs.id, viewOrder: facilityFaqs.viewOrder, texts: facilityFaqs.texts })
    .from(facilityFaqs)
    .where(and(eq(facilityFaqs.facilityId, facilityId), isNull(facilityFaqs.withdrawnAt)))
    .orderBy(asc(facilityFaqs.viewOrder), asc(facilityFaqs.id));
}

/* -------------------------------------------------------------- useful links */

export async function putUsefulLinks(tx: DbOrTx, facilityId: number, contentHtml: ByLanguage<string>) {
  const existing = await findUsefulLinks(tx, facilityId);
  if (existing && sameJson(existing, contentHtml)) return false;
  await tx
    .insert(facilityUsefulLinks)
    .values({ facilityId, contentHtml })
    .onConflictDoUpdate({ target: facilityUsefulLinks.facilityId, set: { contentHtml, updatedAt: new Date() } });
  return true;
}

export async function findUsefulLinks(db: DbOrTx, facilityId: number) {
  const [row] = await db
    .select({ contentHtml: facilityUsefulLinks.contentHtml })
    .from(facilityUsefulLinks)
    .where(eq(facilityUsefulLinks.facilityId, facilityId));
  return row?.contentHtml;
}

export async function deleteUsefulLinks(tx: DbOrTx, facilityId: number): Promise<boolean> {
  const rows = await tx
    .delete(facilityUsefulLinks)
    .where(eq(facilityUsefulLinks.facilityId, facilityId))
    .returning({ id: facilityUsefulLinks.facilityId });
  return rows.length > 0;
}

/* --------------------------------------------------------------------- forms */

export interface FormRecord {
  viewOrder: number;
  texts: FormTexts;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  sha256: string;
  data: Uint8Array;
}

/** Where the intake engine keeps a facility's form: one row per facility identifier. */
export const formTable: KeyedTable<'facilityId'> = { name: 'form', table: facilityForms, owner: 'facilityId' };

const FORM_METADATA = {
  id: facilityForms.id,
  externalId: facilityForms.externalId,
  viewOrder: facilityForms.viewOrder,
  texts: facilityForms.texts,
  fileName: facilityForms.fileName,
  contentType: facilityForms.contentType,
  sizeBytes: facilityForms.sizeBytes,
  sha256: facilityForms.sha256,
  updatedAt: facilityForms.updatedAt,
};

export async function findLiveForm(db: DbOrTx, facilityId: number, externalId: string) {
  const [row] = await db
    .select(FORM_METADATA)
    .from(facilityForms)
    .where(
      and(
        eq(facilityForms.facilityId, facilityId),
        eq(facilityForms.externalId, externalId),
        isNull(facilityForms.withdrawnAt),
      ),
    );
  return row;
}

export function listForms(db: DbOrTx, facilityId: number) {
  return db
    .select(FORM_METADATA)
    .from(facilityForms)
    .where(and(eq(facilityForms.facilityId, facilityId), isNull(facilityForms.withdrawnAt)))
    .orderBy(asc(facilityForms.viewOrder), asc(facilityForms.id));
}

/** A live form of the facility with its file, or undefined. */
export async function findFormFile(db: DbOrTx, facilityId: number, formId: number) {
  const [row] = await db
    .select({ ...FORM_METADATA, data: facilityForms.data })
    .from(facilityForms)
    .where(
      and(eq(facilityForms.facilityId, facilityId), eq(facilityForms.id, formId), isNull(facilityForms.withdrawnAt)),
    );
  return row;
}

/* ----------------------------------------------------------------- contacts */

export type FacilityContactRecord = Omit<typeof facilityContacts.$inferInsert, 'id' | 'facilityId'>;

export function listFacilityContacts(db: DbOrTx, facilityId: number) {
  return db
    .select()
    .from(facilityContacts)
    .where(eq(facilityContacts.facilityId, facilityId))
    .orderBy(asc(facilityContacts.sortOrder), asc(facilityContacts.id));
}

/** Replaces the facility's whole Contact Us list; false when it already held exactly this. */
export async function replaceFacilityContacts(
  tx: DbOrTx,
  facilityId: number,
  contacts: FacilityContactRecord[],
): Promise<boolean> {
  const existing = (await listFacilityContacts(tx, facilityId)).map(({ id: _id, facilityId: _f, ...rest }) => rest);
  if (sameJson(existing, contacts)) return false;
  await tx.delete(facilityContacts).where(eq(facilityContacts.facilityId, facilityId));
  if (contacts.length > 0) {
    await tx.insert(facilityContacts).values(contacts.map((c) => ({ ...c, facilityId })));
  }
  return true;
}

/* ---------------------------------------------------- facility texts by key */

export async function findFacilityTexts(db: DbOrTx, facilityId: number, contentKey: string) {
  return db
    .select({ language: contentItems.language, body: contentItems.body })
    .from(contentItems)
    .where(
      and(
        eq(contentItems.facilityId, facilityId),
        isNotNull(contentItems.facilityId),
        eq(contentItems.contentKey, contentKey),
      ),
    );
}

/** Replaces the facility's own texts of a key (every language); false when they were exactly these. */
export async function replaceFacilityTexts(
  tx: DbOrTx,
  facilityId: number,
  contentKey: string,
  texts: Record<string, string>,
): Promise<boolean> {
  const existing = Object.fromEntries(
    (await findFacilityTexts(tx, facilityId, contentKey)).map((row) => [row.language, row.body]),
  );
  if (sameJson(existing, texts)) return false;
  await deleteFacilityTexts(tx, facilityId, contentKey);
  await tx
    .insert(contentItems)
    .values(Object.entries(texts).map(([language, body]) => ({ facilityId, contentKey, language, body })));
  return true;
}

export async function deleteFacilityTexts(tx: DbOrTx, facilityId: number, contentKey: string): Promise<boolean> {
  const rows = await tx
    .delete(contentItems)
    .where(and(eq(contentItems.facilityId, facilityId), eq(contentItems.contentKey, contentKey)))
    .returning({ id: contentItems.id });
  return rows.length > 0;
}

/* ------------------------------------------------------------------ callers */

/** Whether a user has a patient record of their own, and whether they represent any patient now. */
export async function findUserStanding(db: DbOrTx, userId: number) {
  const own = await db.select({ id: patients.id }).from(patients).where(eq(patients.userId, userId)).limit(1);
  const represented = await db
    .select({ id: personalContacts.id })
    .from(personalContacts)
    .where(
      and(
        eq(personalContacts.authorizedRepresentativeUserId, userId),
        personalContacts.isAuthorizedRepresentativeActive,
        personalContacts.isActive,
      ),
    )
    .limit(1);
  return { hasOwnRecord: own.length > 0, represents: represented.length > 0 };
}
