import { describe, expect, it } from '@jest/globals';
import { userUpsertSchema } from '@rainmakers/contracts';
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
