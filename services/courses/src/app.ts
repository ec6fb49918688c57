import { createApp, retryAfterOnUnavailable } from '@rainmakers/kit';
import type { AppDeps } from './deps';
import { certificateRoutes } from './routes/certificates';
import { courseRoutes } from './routes/courses';
import { discussionRoutes } from './routes/discussions';
import { internalRoutes } from './routes/internal';
import { lessonRoutes } from './routes/lessons';
import { moduleRoutes } from './routes/modules';

/** The courses service's HTTP API: catalogue, course pages, completions, certificates, and course/module/lesson authoring. */
export function buildApp(deps: AppDeps) {
  const { logger, internalTokenKeys, readiness } = deps;
  return createApp({ name: 'courses', logger, internalTokenKeys, readiness }, (app) => {
    app.use('/internal', internalRoutes(deps));
    app.use('/api/course', courseRoutes(deps));
    app.use('/api/module', moduleRoutes(deps));
    app.use('/api/lesson', lessonRoutes(deps));
    app.use('/api/lesson', discussionRoutes(deps));
    app.use('/api/certificates', certificateRoutes(deps));
    app.use(retryAfterOnUnavailable());
  });
}
