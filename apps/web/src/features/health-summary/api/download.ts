import type { HealthSummaryDownloadFormat, HealthSummaryIdentifier } from '@portal/contracts';
import { withUrlToken } from '../../../shared/api/url-tokens';
import { identifierSearch } from '../lib/identifier';
import { systemPath } from './paths';

/**
 * The address of GET .../HealthSummary/{ifSystemId}/download for a frame: the path with its URL token, the
 * summary's selection, the format and the reader's language (of the readable copy).
 */
export async function downloadUrl(
  patientId: number,
  identifier: HealthSummaryIdentifier,
  format: HealthSummaryDownloadFormat,
  language: string,
): Promise<string> {
  const url = await withUrlToken(`${systemPath(patientId, identifier.ifSystemId)}/download`);
  const extra = new URLSearchParams({ format, language }).toString();
  return `${url}&${identifierSearch(identifier)}&${extra}`;
}
