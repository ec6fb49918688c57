/**
 * `node --import tsx src/rotate-totp.ts` (`npm run rotate:totp`; in the image `node dist/rotate-totp.mjs`): after
 * TOTP_ENCRYPTION_KEY changed, with the old key in TOTP_ENCRYPTION_KEY_PREVIOUS, rewrites every stored
 * second-factor secret under the new key (commands/second-factor reencryptSecondFactorSecrets). Safe to run again.
 * Exits 1 when a secret opens with neither key: then the previous key must stay (docs/deploy.md "Rotating secrets").
 */
import { createDatabase, createLogger } from '@rainmakers/kit';
import { reencryptSecondFactorSecrets } from './commands/second-factor';
import { settings } from './config';
import type { AuthSchema } from './store/schema';

const config = settings.load({ PORT: '0', ...process.env, SERVICE_NAME: 'auth-rotate-totp' });
const logger = createLogger(config.SERVICE_NAME, config.LOG_LEVEL);
if (!config.DATABASE_URL) {
  logger.fatal('DATABASE_URL is required');
  process.exitCode = 1;
} else {
  const database = createDatabase<AuthSchema>(config.DATABASE_URL, { max: 2 });
  try {
    const report = await reencryptSecondFactorSecrets({ db: database.db, config });
    const summary = { ...report, previousKeySet: config.TOTP_ENCRYPTION_KEY_PREVIOUS !== undefined };
    if (report.unreadable.length > 0) {
      logger.error(summary, 'second-factor secrets neither key opens: keep TOTP_ENCRYPTION_KEY_PREVIOUS');
      process.exitCode = 1;
    } else {
      logger.info(summary, 'every second-factor secret is under TOTP_ENCRYPTION_KEY');
    }
  } finally {
    await database.close();
  }
}
