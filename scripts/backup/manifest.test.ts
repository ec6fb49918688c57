import { describe, expect, it } from '@jest/globals';
import {
  archiveName,
  checksumProblems,
  type Manifest,
  manifestFiles,
  migrationProblems,
  parseManifest,
  quoteIdent,
  sha256Hex,
  sortMigrationNames,
} from './manifest';
import { parseCommandArgs, storageFromEnv } from './targets';

const A = sha256Hex('a');
const B = sha256Hex('b');

function manifest(): Manifest {
  return {
    format: 1,
    createdAt: '2026-11-29T11:30:05.000Z',
    product: { version: '0.1.0', commit: null },
    databases: [
      {
        service: 'users',
        database: 'rm_users',
        migrations: [{ name: 'kit/001_outbox.sql', sha256: A }],
        sizeBytes: 8_000_000,
        tables: [
          {
            name: 'users',
            columns: ['id', 'email'],
            rows: 2,
            file: { path: 'databases/rm_users/users.copy', bytes: 1, sha256: A },
          },
        ],
        sequences: [{ name: 'users_id_seq', lastValue: '2', isCalled: true }],
      },
    ],
    uploads: {
      bucket: 'rainmakers-uploads',
      count: 1,
      files: [{ key: 'abc.png', contentType: 'image/png', path: 'uploads/000000', bytes: 1, sha256: B }],
    },
    extras: [],
  };
}

describe('the manifest', () => {
  it('reads back what a backup writes', () => {
    expect(parseManifest(JSON.stringify(manifest()))).toEqual(manifest());
  });

  it('refuses what is not a manifest, with a message naming the field', () => {
    expect(() => parseManifest('{')).toThrow('manifest.json is not JSON');
    const wrong = { ...manifest(), format: 2 };
    expect(() => parseManifest(JSON.stringify(wrong))).toThrow(/format: /);
  });

  it('refuses file paths that point outside the archive', () => {
    for (const path of ['../etc/passwd', '/etc/passwd', 'uploads/../../x', 'uploads//x']) {
      const bad = manifest();
      bad.uploads.files[0] = { ...(bad.uploads.files[0] as Manifest['uploads']['files'][number]), path };
      expect(() => parseManifest(JSON.stringify(bad))).toThrow(/relative path inside the archive/);
    }
  });

  it('lists every file it names: table data, uploads, extras', () => {
    expect(manifestFiles(manifest()).map((f) => f.path)).toEqual(['databases/rm_users/users.copy', 'uploads/000000']);
  });
});

describe('checksums', () => {
  it('names the missing and the changed files, and passes matching ones', () => {
    const files = manifestFiles(manifest());
    expect(checksumProblems(files, () => ({ bytes: 1, sha256: A }))).toEqual([
      'uploads/000000 does not match its checksum (the archive is damaged or was changed)',
    ]);
    expect(checksumProblems(files, (p) => (p.startsWith('uploads') ? null : { bytes: 1, sha256: A }))).toEqual([
      'uploads/000000 is missing from the archive',
    ]);
    expect(checksumProblems(files, (p) => ({ bytes: 1, sha256: p.startsWith('uploads') ? B : A }))).toEqual([]);
    // Same hash, other length: still not the file.
    expect(checksumProblems(files.slice(0, 1), () => ({ bytes: 2, sha256: A }))).toHaveLength(1);
  });
});

describe('migration levels', () => {
  const code = [
    { name: 'kit/001_outbox.sql', sha256: A },
    { name: '001_init.sql', sha256: A },
    { name: '002_more.sql', sha256: B },
  ];

  it('accepts an archive at this checkout’s level or an older one', () => {
    expect(migrationProblems('rm_users', code, code)).toEqual([]);
    expect(migrationProblems('rm_users', code.slice(0, 2), code)).toEqual([]);
  });

  it('refuses an archive newer than this checkout', () => {
    const newer = [...code, { name: '003_future.sql', sha256: A }];
    expect(migrationProblems('rm_users', newer, code)).toEqual([
      'rm_users is at migration level 003_future.sql, newer than this checkout (its last migration is 002_more.sql): restore with the version that made the backup',
    ]);
  });

  it('refuses a migration that was edited or replaced since the backup', () => {
    const edited = [code[0], code[1], { name: '002_more.sql', sha256: A }] as typeof code;
    expect(migrationProblems('rm_users', edited, code)).toEqual([
      'rm_users: migration 002_more.sql differs from the one that made the backup',
    ]);
    const other = [code[0], { name: '001_other.sql', sha256: A }] as typeof code;
    expect(migrationProblems('rm_users', other, code)).toEqual([
      "rm_users: the archive's migration 2 is 001_other.sql, this checkout's is 001_init.sql",
    ]);
  });

  it('orders applied migrations as the kit runs them: its own first, then by name', () => {
    expect(sortMigrationNames(['002_b.sql', 'kit/002_x.sql', '001_a.sql', 'kit/001_y.sql'])).toEqual([
      'kit/001_y.sql',
      'kit/002_x.sql',
      '001_a.sql',
      '002_b.sql',
    ]);
  });
});

describe('names', () => {
  it('names archives by time, sortable and without colons', () => {
    expect(archiveName(new Date('2026-11-29T11:30:05.123Z'))).toBe('rainmakers-2026-11-29T11-30-05Z.tar.gz');
  });

  it('quotes identifiers', () => {
    expect(quoteIdent('users')).toBe('"users"');
    expect(quoteIdent('we"ird')).toBe('"we""ird"');
  });
});

describe('the command line', () => {
  it('reads backup and restore with their options', () => {
    expect(parseCommandArgs(['backup'])).toEqual({ command: 'backup', archive: null, outDir: null, dataDir: null });
    expect(parseCommandArgs(['backup', '--out=/x', '--data-dir=/d'])).toMatchObject({ outDir: '/x', dataDir: '/d' });
    expect(parseCommandArgs(['restore', 'a.tar.gz', '--data-dir=/d'])).toMatchObject({
      archive: 'a.tar.gz',
      dataDir: '/d',
    });
  });

  it('refuses a restore without an archive and unknown options', () => {
    expect(() => parseCommandArgs(['restore'])).toThrow(/Which archive/);
    expect(() => parseCommandArgs(['backup', '--fast'])).toThrow(/Unknown argument --fast/);
    expect(() => parseCommandArgs(['restore', 'a', 'b'])).toThrow(/Unknown argument b/);
    expect(() => parseCommandArgs(['restore', 'a', '--out=/x'])).toThrow(/Unknown argument --out/);
    expect(() => parseCommandArgs([])).toThrow(/Usage/);
  });

  it('finds the bucket as the stack configures the services', () => {
    expect(storageFromEnv({}, 'http://127.0.0.1:4569')).toEqual({
      endpoint: 'http://127.0.0.1:4569',
      region: 'us-east-1',
      bucket: 'rainmakers-uploads',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    });
    expect(storageFromEnv({ S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'false' }, '')).toMatchObject({
      bucket: 'b',
      forcePathStyle: false,
    });
    expect(storageFromEnv({}, '')).not.toHaveProperty('endpoint');
  });
});
