import { useLoadErrorMessage } from '../../../lib/load-errors';

/** A page that could not load: the server's message in the message bar (spec 002, 8), as the other modules do. */
export function LoadError({ error }: { error: unknown }) {
  useLoadErrorMessage(error);
  return null;
}
