import { describe, expect, it } from '@jest/globals';
import type { User } from '@rainmakers/contracts';
import {
  EMAIL_IN_USE,
  ENTER_A_VALID_EMAIL,
  ENTER_AN_EMAIL,
  emailProblem,
  FIELD_CANNOT_BE_EMPTY,
  formErrors,
  formPayload,
  initialValues,
} from './userForm';

const user: User = {
  id: 7,
  fullName: 'Ann Lee',
  email: 'ann@example.com',
  role: 'premium',
  photoUrl: null,
  city: 'Austin',
  state: null,
  country: null,
  phoneNumber: null,
  stripeStatus: null,
  stripeCustomerId: null,
  alwaysGrantAccess: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  Tags: [{ id: 3, name: 'vip' }],
  Resources: [],
};

describe('user form', () => {
  it('catches a blank or malformed e-mail before it is sent, with a precise message', () => {
    expect(emailProblem('')).toBe(ENTER_AN_EMAIL);
    expect(emailProblem('   ')).toBe(ENTER_AN_EMAIL);
    for (const bad of ['ann', 'ann@', '@example.com', 'ann@example', 'ann @example.com', 'ann@@example.com']) {
      expect({ bad, problem: emailProblem(bad) }).toEqual({ bad, problem: ENTER_A_VALID_EMAIL });
    }
    expect(emailProblem(' Ann.Lee+x@example.co.uk ')).toBeNull();
    expect(emailProblem(`${'a'.repeat(250)}@example.com`)).toBe(ENTER_A_VALID_EMAIL);
  });

  it('starts a new user empty as basic, an existing one from the record', () => {
    expect(initialValues(null)).toMatchObject({ fullName: '', role: 'basic', tags: [] });
    expect(initialValues(user)).toMatchObject({ fullName: 'Ann Lee', city: 'Austin', state: '', tags: [{ id: 3 }] });
  });

  it('sends every field for admins (password only when typed) and only tags for coaches', () => {
    const values = { ...initialValues(user), city: '  ', password: '' };
    expect(formPayload(7, values, true)).toEqual({
      id: 7,
      fullName: 'Ann Lee',
      email: 'ann@example.com',
      role: 'premium',
      city: null,
      state: null,
      country: null,
      Tags: [3],
    });
    expect(formPayload(7, { ...values, password: 'secret123' }, true)).toMatchObject({ password: 'secret123' });
    expect(formPayload(7, values, false)).toEqual({ id: 7, Tags: [3] });
  });

  it('maps server errors to the spec texts, keyed by the form fields', () => {
    expect(
      formErrors({
        users_email: 'This email address is already in use',
        fullName: 'Required',
        country: 'Too long',
        password: 'Password must be at least 8 characters',
        Tags: 'Unknown tag id: 9',
      }),
    ).toEqual({
      fields: {
        email: EMAIL_IN_USE,
        fullName: FIELD_CANNOT_BE_EMPTY,
        country: FIELD_CANNOT_BE_EMPTY,
        password: 'Password must be at least 8 characters',
      },
      general: ['Unknown tag id: 9'],
    });
  });
});
