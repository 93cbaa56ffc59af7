/** What every part of the demo seed needs: the facilities and the two demo patients with records. */
export interface DemoContext {
  riversideId: number;
  lakesideId: number;
  /** jane.doe's patient id: a year of oncology care, every module filled. */
  janeId: number;
  /** john.smith's patient id: different, smaller data. */
  johnId: number;
}
