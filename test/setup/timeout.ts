/**
 * Each project's guard against hangs (not a speed check: speed is `npm run bench`). Jest reads `testTimeout` only
 * from the top of its configuration, never from a project, so the projects' bounds are set here, by where the test
 * file lives; a file that calls jest.setTimeout itself keeps its own bound.
 */
import { expect, jest } from '@jest/globals';

const path = expect.getState().testPath ?? '';
const bound = path.includes('/test/browser/') ? 120_000 : path.includes('/test/system/') ? 60_000 : 30_000;
jest.setTimeout(bound);
