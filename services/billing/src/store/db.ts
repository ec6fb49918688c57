import type { Db, Tx } from '@rainmakers/kit';
import type { Schema } from './schema';

export type BillingDb = Db<Schema>;
export type BillingTx = Tx<Schema>;
