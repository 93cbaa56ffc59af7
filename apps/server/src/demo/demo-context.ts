/** What every part of the demo seed needs: the facilities and the two demo patients with records. */
export interface DemoContext {
  riversideId: number;
  lakesideId: number;
  /** jane.doe's patient id: a year of oncology care, every module filled. */
  janeId: number;
  /** jane.doe's user id: who answered what she answered in the portal. */
  janeUserId: number;
  /** john.smith's patient id: different, smaller data. */
  johnId: number;
  /** sam.lee's patient id: Lakeside's patient with a portal account. */
  samId: number;
  /** Patients without portal accounts who answer questionnaires on the kiosks, by MRN (demo-questionnaires.ts). */
  kioskPatientIds: Readonly<Record<string, number>>;
}
