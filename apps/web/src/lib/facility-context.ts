import { createContext, useContext } from 'react';
import type { Facility } from '@portal/contracts';

export const FacilityContext = createContext<Facility | null>(null);

/** The facility the portal is serving; present on every page once the app has started. */
export function useFacility(): Facility {
  const facility = useContext(FacilityContext);
  if (!facility) throw new Error('useFacility outside the facility provider');
  return facility;
}
