import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { api, messageBar } from '../../../lib/api-instance';
import { AutoLoginStatus } from '../components/AutoLoginStatus';
import { logIn } from '../../../shared/api/login';
import { EMPTY_CREDENTIALS, HEADERS } from '../lib/token-headers';

/**
 * /patientKioskUserLogin?ptId&data: a patient at the kiosk, logged in from the ticket the kiosk staff
 * started. Other parameters (startIfOnlyOne, ...) go on to the questionnaires page.
 */
export function Component() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const patientId = search.get('ptId');
  const data = search.get('data');
  const flags = new URLSearchParams(search);
  flags.delete('ptId');
  flags.delete('data');
  const query = flags.toString();

  const start = useCallback(async () => {
    try {
      if (!patientId || !data) throw new Error('No kiosk ticket in the address');
      await logIn(EMPTY_CREDENTIALS, {
        [HEADERS.logonProcess]: 'patientKioskUser',
        [HEADERS.ssoId]: data,
        [HEADERS.patientId]: patientId,
      });
    } catch {
      api.session.clear();
      // The spec leaves this failure's wording open: the general error text, kept over the move to the kiosk login.
      messageBar.dismiss();
      messageBar.show({ type: 'error', key: 'messages.unexpectedError', keepDisplay: true });
      await navigate('/kioskLogin', { replace: true });
      return;
    }
    messageBar.dismiss();
    await navigate(`/patientKioskQuestionnaires${query ? `?${query}` : ''}`, { replace: true });
  }, [patientId, data, query, navigate]);

  return <AutoLoginStatus start={start} />;
}
