/** The header every call carries to say which portal sent it (it grants nothing by itself). */
export const PORTAL_TYPE_HEADER = 'portal-type';
export const PORTAL_TYPES = ['patientPortal', 'kioskManagement'] as const;
export type PortalType = (typeof PORTAL_TYPES)[number];
