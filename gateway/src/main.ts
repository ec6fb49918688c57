import { createLogger, shutdownOnSignals } from '@rainmakers/kit';
import { loadGatewayConfig } from './config';
import { startGateway } from './runtime';

const config = loadGatewayConfig();
const logger = createLogger(config.SERVICE_NAME, config.LOG_LEVEL);
const running = await startGateway(config, { logger });
logger.info({ port: config.PORT, upstreams: config.upstreams, webDist: config.WEB_DIST }, 'gateway listening');
shutdownOnSignals(logger, [() => running.stop()]);
