import type { Tx } from '../client';
import type { DemoContext } from './demo-context';

export async function seedDemoMedicalNotes(_tx: Tx, _context: DemoContext): Promise<void> {
  // Filled in by the module's issue.
}
