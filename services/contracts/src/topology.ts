/**
 * The service topology, in one place: the services behind the gateway, the port each listens on, and which
 * peers each one calls. Services, the gateway, scripts/ and k8s/check.mjs (which compares the Kubernetes and
 * Helm manifests and docker-compose.yml with it) all read it from here.
 */
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

/** The services each service calls over HTTP (the gateway calls every one). Events go through Redis instead. */
export const PEERS = {
  auth: ['users', 'resources'],
  users: ['auth'],
  courses: [],
  board: [],
  tools: [],
  resources: [],
  billing: ['resources'],
} as const satisfies Record<ServiceName, readonly ServiceName[]>;

/** The services a service calls (kit defineServiceConfig turns them into `<NAME>_SERVICE_ADDR` settings). */
export type PeerOf<N extends ServiceName> = (typeof PEERS)[N][number];

export type ServiceAddrVar = `${Uppercase<ServiceName>}_SERVICE_ADDR`;

/** The gateway and services find each other through `<NAME>_SERVICE_ADDR` variables. */
export const serviceAddrVar = (name: ServiceName) => `${name.toUpperCase()}_SERVICE_ADDR` as ServiceAddrVar;

/** Where a service listens when the whole product runs on one machine (`npm start`, development). */
export const localServiceAddr = (name: ServiceName) => `http://127.0.0.1:${DEFAULT_PORTS[name]}`;
