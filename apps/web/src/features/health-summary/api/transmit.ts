import type {
  HealthSummaryIdentifier,
  HealthSummaryTransmitBody,
  HealthSummaryTransmitResult,
  HealthSummaryTransmitType,
} from '@portal/contracts';
import { api } from '../../../lib/api-instance';
import { identifierBody } from '../lib/identifier';
import { systemPath } from './paths';

/**
 * POST .../HealthSummary/{ifSystemId}/{email|sendSecurely}?language: sends the summary by email (the server sends
 * it from the account's confirmed address) or by Direct; the text around it is in the reader's language.
 */
export function transmitSummary(input: {
  patientId: number;
  identifier: HealthSummaryIdentifier;
  transmitType: HealthSummaryTransmitType;
  recipientAddress: string;
  messageText: string;
  language: string;
}): Promise<HealthSummaryTransmitResult> {
  const { patientId, identifier, transmitType } = input;
  const body: HealthSummaryTransmitBody = {
    patientId,
    ifSystemId: identifier.ifSystemId,
    recipientAddress: input.recipientAddress.trim(),
    messageText: input.messageText,
    transmitType,
    identifier: identifierBody(identifier),
  };
  return api.post<HealthSummaryTransmitResult>(
    `${systemPath(patientId, identifier.ifSystemId)}/${transmitType}`,
    body,
    { query: { language: input.language } },
  );
}
