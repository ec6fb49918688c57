/**
 * CSV writing for the user exports and sample files: RFC 4180 quoting, and cells a spreadsheet would run as a
 * formula neutralised (OWASP "CSV injection": a cell starting with = + - @ tab or CR gets a leading apostrophe,
 * which spreadsheets show as text and do not display).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A value as one CSV cell: neutralised, then quoted when it holds a comma, quote or line break. */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line, ended with CRLF. */
export const csvLine = (cells: readonly (string | number | boolean | null | undefined)[]) =>
  `${cells.map(csvCell).join(',')}\r\n`;

/** The columns of users.csv, in order: what a spreadsheet user expects of a person. */
export const EXPORT_COLUMNS = [
  'id',
  'fullName',
  'email',
  'role',
  'city',
  'state',
  'country',
  'phoneNumber',
  'stripeStatus',
  'stripeCustomerId',
  'alwaysGrantAccess',
  'createdAt',
  'tags',
] as const;

export interface ExportRow {
  id: number;
  fullName: string;
  email: string;
  role: string;
  city: string | null;
  state: string | null;
  country: string | null;
  phoneNumber: string | null;
  stripeStatus: string | null;
  stripeCustomerId: string | null;
  alwaysGrantAccess: boolean;
  createdAt: Date;
  /** Tag names. */
  tags: string[];
}

/** One person as a line of users.csv (tags joined by '; '). */
export function exportLine(row: ExportRow): string {
  return csvLine([
    row.id,
    row.fullName,
    row.email,
    row.role,
    row.city,
    row.state,
    row.country,
    row.phoneNumber,
    row.stripeStatus,
    row.stripeCustomerId,
    row.alwaysGrantAccess,
    row.createdAt.toISOString(),
    row.tags.join('; '),
  ]);
}

/** The sample of the bulk update wizard: the first column holds e-mails. */
export function bulkUpdateSample(): string {
  return (
    csvLine(['email']) +
    ['jane.doe@example.com', 'john.smith@example.com', 'maria.garcia@example.com'].map((e) => csvLine([e])).join('')
  );
}

/** The columns an import reads (email and fullName are required; role defaults to basic; tags are names). */
export const IMPORT_COLUMNS = ['email', 'fullName', 'role', 'city', 'state', 'country', 'phoneNumber', 'tags'] as const;

/** The sample of Import users. */
export function importSample(): string {
  return (
    csvLine(IMPORT_COLUMNS) +
    csvLine(['jane.doe@example.com', 'Jane Doe', 'basic', 'Austin', 'TX', 'United States', '', '']) +
    csvLine(['john.smith@example.com', 'John Smith', 'premium', 'Denver', 'CO', 'United States', '', ''])
  );
}
