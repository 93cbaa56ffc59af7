import { queryOptions } from '@tanstack/react-query';
import { withUrlToken } from '../../../shared/api/url-tokens';
import { notePagePath } from '../lib/medical-notes';

/**
 * GET /api/patients/{id}/medicalnotes/published/{noteId}/page/{n}/content?token=: the URL of one page, for
 * the document frame or, on mobile devices, for the browser itself (POST /api/urlTokens mints the token).
 */
export function notePageUrl(patientId: number, noteId: number, pageNumber: number): Promise<string> {
  return withUrlToken(notePagePath(patientId, noteId, pageNumber));
}

/**
 * The frame's URL. Not refetched behind the frame's back (a new token would reload it); a frame mounted
 * again (the layout switched) reuses it while its token is surely valid (URL tokens last 5 minutes), else
 * gets a fresh one.
 */
export const notePageUrlQuery = (patientId: number, noteId: number, pageNumber: number) =>
  queryOptions({
    queryKey: ['patient', patientId, 'medicalNotePageUrl', noteId, pageNumber],
    queryFn: () => notePageUrl(patientId, noteId, pageNumber),
    staleTime: 4 * 60_000,
    gcTime: 60_000,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
