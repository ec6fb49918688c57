import { createStorage, storageOptionsFromConfig } from '@rainmakers/kit';
import type { Config } from './config';

/** The uploads bucket named in the config (S3_*). */
export const storageFromConfig = (config: Config) => createStorage(storageOptionsFromConfig(config));
