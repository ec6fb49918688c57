/**
 * What is tested is what ships (docs/decisions.md "The project's own Node"): the Node that runs the tests, the
 * pinned toolchain, `engines` and the images' base all name one Node major.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';

const root = path.resolve(import.meta.dirname, '..');
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
  toolchain: { node: { version: string; integrity: Record<string, string> } };
};
const pinned = manifest.toolchain.node.version;
const major = (version: string) => Number(version.replace(/^v/, '').split('.')[0]);

/** The `>=a.b <c` range `engines` uses, checked without a semver dependency. */
function satisfiesEngines(version: string, range: string): boolean {
  const match = /^>=(\d+)\.(\d+) <(\d+)$/.exec(range);
  if (!match) throw new Error(`engines.node "${range}" is not of the form ">=MAJOR.MINOR <NEXT"`);
  const [maj = 0, min = 0] = version.split('.').map(Number);
  const [lowMajor, lowMinor, ceiling] = match.slice(1).map(Number) as [number, number, number];
  return (maj > lowMajor || (maj === lowMajor && min >= lowMinor)) && maj < ceiling;
}

describe('the project runs on one Node major', () => {
  it('runs these tests on the pinned major', () => {
    expect(major(process.version)).toBe(major(pinned));
  });

  it('pins a version engines accepts, with an integrity for linux-x64', () => {
    expect(satisfiesEngines(pinned, manifest.engines.node)).toBe(true);
    expect(manifest.toolchain.node.integrity['linux-x64']).toMatch(/^sha512-[A-Za-z0-9+/]+=*$/);
  });

  it.each(['services/Dockerfile', 'gateway/Dockerfile'])('builds the image of %s on the same major', (file) => {
    const image = /^ARG NODE_IMAGE=node:(\d+)-/m.exec(readFileSync(path.join(root, file), 'utf8'));
    expect(image).not.toBeNull();
    expect(Number(image?.[1])).toBe(major(pinned));
  });
});
