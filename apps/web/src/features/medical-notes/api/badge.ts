import type { BadgeSource } from '../../../lib/badges';
import { fetchNotReviewedCount } from './not-reviewed-count';

/** The header badge of MedicalNotes: the notes the patient has not reviewed. */
export const medicalNotesBadge: BadgeSource = (patientId) => fetchNotReviewedCount(patientId);
