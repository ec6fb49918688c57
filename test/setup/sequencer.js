// jest's own order (slowest and failed files first, from its cache), except that the browser files marked
// `@runs-alone` come first: they run one after another while the second worker waits (test/setup/browser-lock.ts),
// and are better done before the shared files than in the middle of them.
import { readFileSync } from 'node:fs';
import Sequencer from '@jest/test-sequencer';
import { extract, parse } from 'jest-docblock';

function runsAlone(file) {
  try {
    return 'runs-alone' in parse(extract(readFileSync(file, 'utf8')));
  } catch {
    return false;
  }
}

export default class RunsAloneFirst extends Sequencer {
  async sort(tests) {
    const sorted = await super.sort(tests);
    const alone = sorted.filter((test) => runsAlone(test.path));
    return [...alone, ...sorted.filter((test) => !alone.includes(test))];
  }
}
