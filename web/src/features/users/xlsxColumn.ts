/**
 * The first column of an Excel workbook's first worksheet, read in the browser for the bulk update wizard (its list
 * of e-mails): the .xlsx is a zip (fflate) of XML parts; only the shared strings and the first sheet are read, and
 * only the cells of column A. Loaded on demand (a lazy import) when the chosen file is a workbook.
 */
import { unzipSync } from 'fflate';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** XML text as the characters it stands for. */
export function xmlText(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, entity: string) => {
    if (entity.startsWith('#x') || entity.startsWith('#X'))
      return String.fromCodePoint(Number.parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(Number.parseInt(entity.slice(1), 10));
    return ENTITIES[entity.toLowerCase()] ?? '';
  });
}

/** The text of every <t> element inside `xml` (a shared string or an inline string may be split in runs). */
const textOf = (xml: string) =>
  [...xml.matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>/g)].map((m) => xmlText(m[1] ?? '')).join('');

/** The worksheet the workbook lists first (sheet1.xml when the workbook's order cannot be read). */
function firstSheetPath(files: Record<string, Uint8Array>, decode: (bytes: Uint8Array) => string): string | null {
  const workbook = files['xl/workbook.xml'];
  const rels = files['xl/_rels/workbook.xml.rels'];
  if (workbook && rels) {
    const relId = /<sheet\b[^>]*\br:id="([^"]+)"/.exec(decode(workbook))?.[1];
    const target = relId
      ? (new RegExp(`<Relationship\\b[^>]*\\bId="${relId}"[^>]*\\bTarget="([^"]+)"`).exec(decode(rels))?.[1] ??
        new RegExp(`<Relationship\\b[^>]*\\bTarget="([^"]+)"[^>]*\\bId="${relId}"`).exec(decode(rels))?.[1])
      : undefined;
    if (target) {
      const path = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
      if (files[path]) return path;
    }
  }
  if (files['xl/worksheets/sheet1.xml']) return 'xl/worksheets/sheet1.xml';
  return Object.keys(files).find((name) => /^xl\/worksheets\/[^/]+\.xml$/.test(name)) ?? null;
}

/** The cells of column A as text, top to bottom (blank ones left out); null when the file is not a workbook. */
export function xlsxFirstColumn(file: Uint8Array): string[] | null {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(file, {
      filter: (entry) =>
        entry.name === 'xl/workbook.xml' ||
        entry.name === 'xl/_rels/workbook.xml.rels' ||
        entry.name === 'xl/sharedStrings.xml' ||
        entry.name.startsWith('xl/worksheets/'),
    });
  } catch {
    return null;
  }
  const decoder = new TextDecoder();
  const decode = (bytes: Uint8Array) => decoder.decode(bytes);
  const sheetPath = firstSheetPath(files, decode);
  const sheet = sheetPath ? files[sheetPath] : undefined;
  if (!sheet) return null;
  const shared = files['xl/sharedStrings.xml'];
  const strings = shared ? [...decode(shared).matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) => textOf(m[1] ?? '')) : [];
  const cells: string[] = [];
  for (const match of decode(sheet).matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
    const attributes = match[1] ?? '';
    if (!/\br="A\d+"/.test(attributes)) continue;
    const body = match[2] ?? '';
    const type = /\bt="([^"]+)"/.exec(attributes)?.[1];
    const value = /<v>([\s\S]*?)<\/v>/.exec(body)?.[1];
    let text = '';
    if (type === 's') text = strings[Number(value)] ?? '';
    else if (type === 'inlineStr') text = textOf(body);
    else text = xmlText(value ?? '');
    if (text.trim() !== '') cells.push(text.trim());
  }
  return cells;
}
