import { createLogger, readConfigOrExit, shutdownOnSignals, startTracing, stopTracing } from '@rainmakers/kit';
import { loadGatewayConfig } from './config';
import { startGateway } from './runtime';

// Every problem of the environment at once, then exit 78 (kit config.ts).
const config = readConfigOrExit(() => loadGatewayConfig());
const logger = createLogger(config.SERVICE_NAME, config.LOG_LEVEL);
if (startTracing(config)) logger.info('tracing on: spans exported over OTLP');
const running = await startGateway(config, { logger });
logger.info({ port: config.PORT, upstreams: config.upstreams, webDist: config.WEB_DIST }, 'gateway listening');
shutdownOnSignals(logger, [() => stopTracing(), () => running.stop()]);
