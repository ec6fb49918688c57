/**
 * The repository stands alone: a fresh clone holds every fact its tests and readers need.
 *  - No tracked text file cites an issue by number: a reader of the clone cannot open it. A comment names the
 *    decision by its heading in docs/decisions.md instead.
 *  - No tracked file reads the product spec (or anything else) from a folder beside the checkout: the spec's route
 *    list is scripts/spec-routes.json.
 * The patterns are assembled from pieces so that this file does not match itself.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';

const root = path.resolve(import.meta.dirname, '..');
const SHARED = ['sha', 'red'].join('');

/** The word followed by a number, a range or a #number, in any case (the planted sample below shows the forms). */
const ISSUE_CITE = new RegExp(`\\b${'iss'}ues? #?[0-9]+\\b`, 'i');
/** A path into the folder beside the checkout: relative, as a quoted path segment, or absolute on this machine. */
// A quoted segment counts where a path is joined (an argument), not as any string value (an XML attribute, a mode).
const SIBLING_READ = new RegExp(`\\.\\./${SHARED}\\b|[(,]\\s*'${SHARED}'|[(,]\\s*"${SHARED}"|/work/${SHARED}\\b`);

type Finding = { file: string; line: number; rule: 'issue cite' | 'reads beside the checkout'; text: string };

/** Every line of one file's text that breaks a rule. */
function findings(file: string, text: string): Finding[] {
  return text.split('\n').flatMap((lineText, index) => {
    const found: Finding[] = [];
    const at = { file, line: index + 1, text: lineText.trim().slice(0, 160) };
    if (ISSUE_CITE.test(lineText)) found.push({ ...at, rule: 'issue cite' });
    if (SIBLING_READ.test(lineText)) found.push({ ...at, rule: 'reads beside the checkout' });
    return found;
  });
}

function trackedTextFiles(): { file: string; text: string }[] {
  const listed = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return listed
    .split('\0')
    .filter(Boolean)
    .flatMap((file) => {
      let bytes: Buffer;
      try {
        bytes = readFileSync(path.join(root, file));
      } catch {
        return []; // listed but deleted in the work tree: nothing a clone would hold
      }
      // A NUL byte in the first 8 KB is how git itself tells a binary file.
      if (bytes.subarray(0, 8192).includes(0)) return [];
      return [{ file, text: bytes.toString('utf8') }];
    });
}

describe('the repository stands alone', () => {
  it('catches a planted issue cite and a planted read of the folder beside the checkout (self-check)', () => {
    const planted = [
      '// Added for the dashboard',
      `// see ${'Iss'}ue 13 for why`,
      `  /** Jobs queued before ${'iss'}ues 19-21 carried their rows. */`,
      `const dir = path.resolve(root, '..', '${SHARED}', 'spec');`,
      `readFileSync('../${SHARED}/spec/part-1.md')`,
      '// an issue with 3 parts, issued 2026',
    ].join('\n');
    expect(findings('planted.ts', planted).map(({ line, rule }) => `${line} ${rule}`)).toEqual([
      '2 issue cite',
      '3 issue cite',
      '4 reads beside the checkout',
      '5 reads beside the checkout',
    ]);
  });

  it('has no tracked text file that cites an issue by number or reads beside the checkout', () => {
    const files = trackedTextFiles();
    expect(files.length).toBeGreaterThan(500);
    expect(files.flatMap(({ file, text }) => findings(file, text))).toEqual([]);
  });
});
