import type { ToolsDb } from './store/db';

/** What routes and commands work with. */
export interface ToolsDeps {
  db: ToolsDb;
}
