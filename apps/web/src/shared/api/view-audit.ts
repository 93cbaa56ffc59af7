import type { BrowserAuditEvent } from '@portal/contracts';
import { useEffect, useRef } from 'react';
import { api } from '../../lib/api-instance';
import { afterPageShown } from '../../lib/page-loading';

/** POST /api/users/{userId}/audit: the user viewed something of the patient (educationviewauditevent, ...). */
export function recordViewAudit(eventType: BrowserAuditEvent, userId: number, patientId: number): Promise<void> {
  return api.post<void>(`/api/users/${userId}/audit`, { auditEventType: eventType, patientId });
}

/**
 * Records one view per visit of a page (React's development double effects included). A failure is the
 * server's to log: the page still shows.
 */
export function useViewAudit(eventType: BrowserAuditEvent, userId: number | null, patientId: number | null): void {
  const recorded = useRef<string | null>(null);
  useEffect(() => {
    if (userId === null || patientId === null) return;
    const key = `${eventType}:${userId}:${patientId}`;
    if (recorded.current === key) return;
    return afterPageShown(() => {
      recorded.current = key;
      recordViewAudit(eventType, userId, patientId).catch(() => undefined);
    });
  }, [eventType, userId, patientId]);
}
