import type { Capabilities, CapabilityDetail, CapabilityModuleName } from '@portal/contracts';

function findDetail(details: CapabilityDetail[] | undefined, path: string[]): CapabilityDetail | undefined {
  const [head, ...rest] = path;
  const found = details?.find((d) => d.fieldName === head);
  return rest.length === 0 ? found : findDetail(found?.details, rest);
}

/** Reads a capability tree: modules by name, and fields by their path under a module. */
export function capabilityReader(capabilities: Capabilities | undefined) {
  const module = (name: CapabilityModuleName) => capabilities?.modules.find((m) => m.moduleName === name);
  return {
    loaded: capabilities !== undefined,
    hasModule: (name: CapabilityModuleName) => module(name) !== undefined,
    /** hasField('Dashboard', 'PersonalContacts', 'InviteContact') */
    hasField: (moduleName: CapabilityModuleName, ...path: string[]) =>
      findDetail(module(moduleName)?.details, path) !== undefined,
    field: (moduleName: CapabilityModuleName, ...path: string[]) => findDetail(module(moduleName)?.details, path),
  };
}
export type CapabilityReader = ReturnType<typeof capabilityReader>;
