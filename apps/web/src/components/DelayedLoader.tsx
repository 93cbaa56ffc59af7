import { useEffect, useState } from 'react';
import { LIMITS } from '@portal/contracts';
import { CenteredLoader } from './light/controls';

/** A loading indicator that appears only when loading takes longer than 500 ms, so fast pages never flash. */
export function DelayedLoader({ label = 'Loading…' }: { label?: string }) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), LIMITS.loadingIndicatorDelayMs);
    return () => clearTimeout(timer);
  }, []);
  if (!visible) return null;
  return <CenteredLoader label={label} />;
}
