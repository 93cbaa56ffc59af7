import { queryOptions } from '@tanstack/react-query';
import { withUrlToken } from '../../../lib/url-tokens';
import { notePagePath } from '../lib/medical-notes';

/**
 * GET /api/patients/{id}/medicalnotes/published/{noteId}/page/{n}/content?token=: the URL of one page, for
 * the document frame or, on mobile devices, for the browser itself (POST /api/urlTokens mints the token).
 */
export function notePageUrl(patientId: number, noteId: number, pageNumber: number): Promise<string> {
  return withUrlToken(notePagePath(patientId, noteId, pageNumber));
}

/**
 * The frame's URL. Kept while the page shows and never refetched behind its back: a new token would
 * reload the frame. Dropped as soon as nothing shows it (the token is short-lived anyway).
 */
export const notePageUrlQuery = (patientId: number, noteId: number, pageNumber: number) =>
  queryOptions({
    queryKey: ['patient', patientId, 'medicalNotePageUrl', noteId, pageNumber],
    queryFn: () => notePageUrl(patientId, noteId, pageNumber),
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
