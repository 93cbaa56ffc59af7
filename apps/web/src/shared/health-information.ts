import { useQueryClient } from '@tanstack/react-query';
import type { ExternalSystem } from '@portal/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../lib/api';
import { messageBar } from '../lib/api-instance';
import { externalSystemsQuery } from './api/external-systems';

export const CCDA_REQUESTED = 'CcdaRequested';
export const HEALTH_SUMMARY_PATH = '/health-summary';
export const CCDA_NOT_CONFIGURED = 'messages.ccdaNotConfiguredError';

/** A health summary can be asked for only from a system that answers the CcdaRequested trigger. */
export function canRequestHealthSummary(systems: readonly Pick<ExternalSystem, 'activeTriggerEventTypes'>[]): boolean {
  return systems.some((system) => system.activeTriggerEventTypes.includes(CCDA_REQUESTED));
}

/**
 * The Health Information entry of the user menu and the dashboard panel's button, one rule for both:
 * to /health-summary when an external system has the CcdaRequested trigger, otherwise the
 * ccdaNotConfiguredError message (a failed check says the same: there is nothing to open).
 */
export function useOpenHealthInformation(patientId: number | null) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [checking, setChecking] = useState(false);
  const open = async () => {
    if (checking) return;
    setChecking(true);
    let allowed = false;
    try {
      allowed =
        patientId !== null && canRequestHealthSummary(await queryClient.fetchQuery(externalSystemsQuery(patientId)));
    } catch (error) {
      // A timed-out session already says so; anything else means no health summary to open.
      if (error instanceof ApiError && error.isSessionTimeout) {
        setChecking(false);
        return;
      }
    }
    setChecking(false);
    if (allowed) {
      void navigate(HEALTH_SUMMARY_PATH);
    } else {
      messageBar.show({ type: 'error', key: CCDA_NOT_CONFIGURED });
    }
  };
  return { open, checking };
}
