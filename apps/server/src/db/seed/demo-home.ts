import type { Tx } from '../client';

export interface DemoHomeContext {
  riversideId: number;
  lakesideId: number;
  janeId: number;
  johnId: number;
}

/** jane.doe's home data: appointments, follow-up items, care team, notification settings, facility contacts. */
export async function seedDemoHome(_tx: Tx, _context: DemoHomeContext): Promise<void> {}
