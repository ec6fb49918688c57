import type { EventNudger, Logger, ReadinessCheck, SecretKeys } from '@rainmakers/kit';
import type { CatalogueCache } from './catalogue-cache';
import type { CoursesStore } from './store/db';

/** What routes and commands work with. */
export interface RouteDeps {
  store: CoursesStore;
  /** The outbox relay: nudged after a commit that wrote events. */
  events: EventNudger;
  /** Invalidated after every committed change to courses, modules or lessons. */
  catalogue: CatalogueCache;
  /** The web app's address: the verification address printed on certificates. */
  publicUrl: string;
}

/** What the app is built with (service.ts builds it). */
export interface AppDeps extends RouteDeps {
  logger: Logger;
  internalTokenKeys: SecretKeys;
  readiness: ReadinessCheck[];
}
