import type { CapabilityModuleName } from '@portal/contracts';

/** Which dashboard sections the Dashboard capability lists, and what their buttons may do. */
export function dashboardSections(capabilities: {
  hasModule: (name: CapabilityModuleName) => boolean;
  hasField: (moduleName: CapabilityModuleName, ...path: string[]) => boolean;
}) {
  const field = (name: string) => capabilities.hasField('Dashboard', name);
  return {
    appointments: field('Appointments'),
    healthSummary: field('HealthSummary'),
    careTeam: field('CareTeam'),
    personalContacts: field('PersonalContacts'),
    requestAppointment: field('RequestNewAppointment') && capabilities.hasModule('ContactUs'),
    addContact: field('AddContact'),
    secureMessages: capabilities.hasModule('SecureMessages'),
  };
}
