/** The services behind the gateway and where each listens when the product runs on one machine. */
export const SERVICES = ['auth', 'users', 'courses', 'board', 'tools', 'resources', 'billing'] as const;
export type ServiceName = (typeof SERVICES)[number];

export const DEFAULT_PORTS: Record<ServiceName | 'gateway', number> = {
  gateway: 8080,
  auth: 4101,
  users: 4102,
  courses: 4103,
  board: 4104,
  tools: 4105,
  resources: 4106,
  billing: 4107,
};

export type ServiceAddrVar = `${Uppercase<ServiceName>}_SERVICE_ADDR`;

/** The gateway and services find each other through `<NAME>_SERVICE_ADDR` variables. */
export const serviceAddrVar = (name: ServiceName) => `${name.toUpperCase()}_SERVICE_ADDR` as ServiceAddrVar;
