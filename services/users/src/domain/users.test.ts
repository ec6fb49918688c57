import { describe, expect, it } from '@jest/globals';
import { PHONE_NUMBER_MESSAGE, userUpsertSchema } from '@rainmakers/contracts';
import type { UserRecord } from './records';
import { changedFields, changesFrom, formFieldErrors, missingForCreate, unknownIds } from './users';

const stored: UserRecord = {
  id: 7,
  fullName: 'Grace Hopper',
  email: 'grace@example.com',
  role: 'premium',
  photoUrl: null,
  city: 'Austin',
  state: 'TX',
  country: null,
  phoneNumber: null,
  theme: 'system',
  timeZone: null,
  stripeStatus: 'active',
  stripeCustomerId: 'cus_1',
  alwaysGrantAccess: false,
  createdAt: new Date('2024-01-01T00:00:00Z'),
  version: 3,
  invitedAt: null,
  lastSignInAt: null,
  tags: [
    { id: 1, name: 'a' },
    { id: 2, name: 'b' },
  ],
  resources: [],
};

const form = (body: unknown) => userUpsertSchema.parse(body);

describe('changedFields', () => {
  it('finds nothing when the whole form comes back unchanged (as the web sends it)', () => {
    const body = {
      user: {
        id: 7,
        fullName: ' Grace Hopper ',
        email: 'GRACE@example.com',
        password: '',
        role: 'premium',
        city: 'Austin',
        state: 'TX',
        country: '',
        phoneNumber: null,
        photoUrl: null,
        alwaysGrantAccess: false,
        Tags: [
          { id: 2, name: 'b' },
          { id: 1, name: 'a' },
        ],
        stripeStatus: 'active',
        createdAt: '2024-01-01T00:00:00.000Z',
      },
    };
    expect(changedFields(stored, form(body))).toEqual([]);
  });

  it('names each changed field; a password is always a change', () => {
    expect(changedFields(stored, form({ id: 7, Tags: [1] }))).toEqual(['Tags']);
    expect(changedFields(stored, form({ id: 7, password: 'new-password' }))).toEqual(['password']);
    expect(changedFields(stored, form({ id: 7, city: '', role: 'basic', email: 'g@example.com' }))).toEqual([
      'email',
      'role',
      'city',
    ]);
    expect(changedFields(stored, form({ id: 7, alwaysGrantAccess: true, phoneNumber: '555' }))).toEqual([
      'phoneNumber',
      'alwaysGrantAccess',
    ]);
  });

  it('builds the update from the changed fields only', () => {
    const input = form({ id: 7, fullName: 'Grace', city: 'Austin', password: 'long-enough', Tags: '3' });
    const changes = changesFrom(input, changedFields(stored, input));
    expect(changes).toEqual({ fields: { fullName: 'Grace' }, password: 'long-enough', tagIds: [3] });
  });
});

describe('theme and phone number', () => {
  it('keeps a chosen theme as a change of the profile', () => {
    const input = form({ id: 7, theme: 'dark' });
    expect(changedFields(stored, input)).toEqual(['theme']);
    expect(changesFrom(input, ['theme']).fields).toEqual({ theme: 'dark' });
    expect(changedFields(stored, form({ id: 7, theme: 'system' }))).toEqual([]);
    expect(userUpsertSchema.safeParse({ id: 7, theme: 'sepia' }).success).toBe(false);
  });

  it('refuses letters in the phone number, with a message for that field', () => {
    const bad = userUpsertSchema.safeParse({ id: 7, phoneNumber: 'abc' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]).toMatchObject({ path: ['phoneNumber'], message: PHONE_NUMBER_MESSAGE });
    expect(form({ id: 7, phoneNumber: ' +1 (512) 555-0100 ' }).phoneNumber).toBe('+1 (512) 555-0100');
    expect(form({ id: 7, phoneNumber: '' }).phoneNumber).toBeNull();
    expect(userUpsertSchema.safeParse({ id: 7, phoneNumber: '555-CALL' }).success).toBe(false);
  });
});

describe('user form rules', () => {
  it('names the missing fields of a new user with the form keys', () => {
    expect(missingForCreate(form({}))).toEqual({
      fullName: 'this field cannot be empty',
      users_email: 'this field cannot be empty',
      role: 'this field cannot be empty',
    });
    expect(missingForCreate(form({ fullName: 'A', email: 'a@example.com', role: 'basic' }))).toEqual({});
  });

  it('keys e-mail errors by the constraint name', () => {
    expect(formFieldErrors({ email: 'bad', fullName: 'x' })).toEqual({ users_email: 'bad', fullName: 'x' });
  });

  it('lists unknown ids once', () => {
    expect(unknownIds([1, 2, 2, 3], [{ id: 1 }])).toEqual([2, 3]);
  });
});
