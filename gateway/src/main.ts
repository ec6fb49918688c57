import { createLogger, shutdownOnSignals, startTracing, stopTracing } from '@rainmakers/kit';
import { loadGatewayConfig } from './config';
import { startGateway } from './runtime';

const config = loadGatewayConfig();
const logger = createLogger(config.SERVICE_NAME, config.LOG_LEVEL);
if (startTracing(config)) logger.info('tracing on: spans exported over OTLP');
const running = await startGateway(config, { logger });
logger.info({ port: config.PORT, upstreams: config.upstreams, webDist: config.WEB_DIST }, 'gateway listening');
shutdownOnSignals(logger, [() => stopTracing(), () => running.stop()]);
