// The topology is part of the contracts (the gateway reads it too); scripts keep importing it from here.
export {
  DEFAULT_PORTS,
  localServiceAddr,
  PEERS,
  SERVICES,
  type ServiceName,
  serviceAddrVar,
} from '@rainmakers/contracts';
