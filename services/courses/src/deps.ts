import type { EventNudger, Logger, ReadinessCheck } from '@rainmakers/kit';
import type { CatalogueCache } from './catalogue-cache';
import type { CoursesStore } from './store/db';

/** What the app, its routes and commands work with (service.ts builds it). */
export interface AppDeps {
  logger: Logger;
  internalTokenSecret: string;
  readiness: ReadinessCheck[];
  store: CoursesStore;
  events: EventNudger;
  catalogue: CatalogueCache;
  /** The web app's address: the verification address printed on certificates. */
  publicUrl: string;
}
