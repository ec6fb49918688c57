import type { Db, Tx } from '@rainmakers/kit';
import type { ToolsDatabase } from './schema';

export type ToolsDb = Db<ToolsDatabase>;
export type ToolsTx = Tx<ToolsDatabase>;
