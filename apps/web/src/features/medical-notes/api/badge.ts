import type { BadgeSource } from '../../../lib/badges';

/** The header badge of MedicalNotes. */
export const medicalNotesBadge: BadgeSource = () => Promise.resolve(0);
