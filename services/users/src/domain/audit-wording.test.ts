/**
 * The audit log's wording: every action key a service writes reads as words, every field change as
 * "Label: before → after", secrets never show, and no entry reads empty.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTION_SENTENCES,
  auditActionLabel,
  describeAuditChanges,
  eventSchemas,
  maskAuditValues,
  RECORDED_AUDIT_ACTIONS,
} from '@rainmakers/contracts';
import { AUDIT_ACTIONS } from './audit';

const SERVICES = join(import.meta.dirname, '..', '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules') return [];
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });
}

/** Keys of the form subject.verb as the services write them (event types and the board's lock names are not). */
function actionKeysInCode(): string[] {
  const pattern = /'((?:user|tag|course|module|lesson|resource|category|banner|site-content|board)\.[a-z][a-z-]*)'/g;
  const notActions = new Set([...Object.keys(eventSchemas), 'board.reset']);
  const keys = new Set<string>();
  for (const service of readdirSync(SERVICES)) {
    const src = join(SERVICES, service, 'src');
    if (service === 'contracts' || !statSync(join(SERVICES, service)).isDirectory()) continue;
    try {
      statSync(src);
    } catch {
      continue;
    }
    for (const file of sourceFiles(src)) {
      for (const match of readFileSync(file, 'utf8').matchAll(pattern)) {
        if (!notActions.has(match[1] as string)) keys.add(match[1] as string);
      }
    }
  }
  return [...keys].sort();
}

describe('audit action keys', () => {
  it('finds the keys the services write', () => {
    const keys = actionKeysInCode();
    expect(keys).toEqual(expect.arrayContaining(['user.update', 'user.second-factor-enable', 'course.update']));
  });

  it('maps every key written in the code, and every key of the vocabularies, to a label and a sentence', () => {
    const keys = new Set([...actionKeysInCode(), ...AUDIT_ACTIONS, ...RECORDED_AUDIT_ACTIONS]);
    const unmapped = [...keys].filter((key) => !AUDIT_ACTION_LABELS[key] || !AUDIT_ACTION_SENTENCES[key]);
    expect(unmapped).toEqual([]);
  });

  it('reads a raw key as words', () => {
    expect(auditActionLabel('user.update')).toBe('Edited person');
    expect(auditActionLabel('user.recovery-code-sign-in')).toBe('Signed in with a recovery code');
    expect(auditActionLabel('something.new-thing')).toBe('Something new thing');
  });
});

describe('describeAuditChanges', () => {
  const edit = (before: Record<string, unknown>, after: Record<string, unknown>) =>
    describeAuditChanges({ action: 'user.update', before, after });

  it('says each changed field with before and after, in plain words', () => {
    expect(edit({ theme: 'light' }, { theme: 'dark' })).toEqual(['Theme: Light → Dark']);
    expect(edit({ role: 'basic' }, { role: 'premium' })).toEqual(['Role: Basic → Premium']);
    expect(edit({ city: null }, { city: 'Austin' })).toEqual(['City: — → Austin']);
    expect(edit({ alwaysGrantAccess: false }, { alwaysGrantAccess: true })).toEqual(['Always grant access: No → Yes']);
    expect(edit({ tags: ['A'] }, { tags: ['A', 'B'] })).toEqual(['Tags: A → A, B']);
    expect(edit({ email: 'a@x.test' }, { email: 'b@x.test' })).toEqual(['E-mail: a@x.test → b@x.test']);
  });

  it('says two-step sign-in On and Off', () => {
    expect(
      describeAuditChanges({
        action: 'user.second-factor-enable',
        before: { secondFactor: null },
        after: { secondFactor: 'enrolled' },
      }),
    ).toEqual(['Two-step sign-in: Off → On']);
    expect(
      describeAuditChanges({
        action: 'user.second-factor-reset',
        before: { secondFactor: 'enrolled' },
        after: { secondFactor: null },
      }),
    ).toEqual(['Two-step sign-in: On → Off']);
  });

  it('says only that a photo changed', () => {
    expect(edit({ photoUrl: 'https://x.test/a.png' }, { photoUrl: 'https://x.test/b.png' })).toEqual([
      'Photo: changed',
    ]);
    expect(edit({ photoUrl: null }, { photoUrl: 'https://x.test/b.png' })).toEqual(['Photo: added']);
    expect(edit({ photoUrl: 'https://x.test/a.png' }, { photoUrl: null })).toEqual(['Photo: removed']);
  });

  it('never shows a secret, stored masked or not (old rows)', () => {
    const lines = edit(
      { password: 'kept', totpSecret: 'JBSWY3DPEHPK3PXP', recoveryCodes: ['aaaa-bbbb'], token: 't1', code: '123456' },
      {
        password: 'changed',
        totpSecret: 'KRSXG5CTMVRXEZLU',
        recoveryCodes: ['cccc-dddd'],
        token: 't2',
        code: '654321',
      },
    );
    expect(lines).toEqual([
      'Password: changed',
      'Totp secret: changed',
      'Recovery codes: changed',
      'Token: changed',
      'Code: changed',
    ]);
    expect(lines.join(' ')).not.toMatch(/JBSW|KRSX|aaaa|cccc|t1|t2|123456|654321|kept/);
  });

  it('keeps only "set" of a secret when an entry is stored, and e-mail as it is', () => {
    expect(maskAuditValues({ password: 'hunter2', resetToken: 'abc', email: 'a@x.test', passwordSet: true })).toEqual({
      password: 'set',
      resetToken: 'set',
      email: 'a@x.test',
      passwordSet: true,
    });
    expect(maskAuditValues(null)).toBeNull();
  });

  it('lists what a created person has, without the empty fields', () => {
    expect(
      describeAuditChanges({
        action: 'user.create',
        before: null,
        after: { fullName: 'Ann', role: 'basic', city: null, photoUrl: null, passwordSet: true },
      }),
    ).toEqual(['Full name: Ann', 'Role: Basic', 'Password set: Yes']);
  });

  it('says what happened in words when there is nothing to show', () => {
    expect(describeAuditChanges({ action: 'user.recovery-code-sign-in', before: null, after: null })).toEqual([
      'Signed in with a recovery code',
    ]);
    expect(describeAuditChanges({ action: 'user.update', before: {}, after: {} })).toEqual([
      'Saved the person with no visible change',
    ]);
    expect(describeAuditChanges({ action: 'user.mystery', before: 'x', after: 3 })).toEqual([
      'User mystery (no details recorded)',
    ]);
    for (const action of Object.keys(AUDIT_ACTION_LABELS)) {
      expect(describeAuditChanges({ action, before: null, after: null })[0]).toBeTruthy();
    }
  });
});
