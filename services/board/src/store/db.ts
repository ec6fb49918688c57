import type { Db, Tx } from '@rainmakers/kit';
import type { BoardDatabase } from './schema';

export type BoardDb = Db<BoardDatabase>;
export type BoardTx = Tx<BoardDatabase>;
