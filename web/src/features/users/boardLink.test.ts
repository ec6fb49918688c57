import { describe, expect, it } from '@jest/globals';
import type { User } from '../../api/users';
import { showsBoardLink } from './boardLink';

const row = (role: string, createdAt: string, openBoard = true) =>
  ({ role, createdAt, abilities: { openBoard } }) as unknown as Pick<User, 'role' | 'createdAt' | 'abilities'>;

describe("'Go to board' on the user dashboard", () => {
  it('premium members who joined before the cut-off have a board', () => {
    expect(showsBoardLink(row('premium', '2025-02-12T23:59:59.999Z'))).toBe(true);
  });

  it('premium members who joined on or after the cut-off have none', () => {
    expect(showsBoardLink(row('premium', '2025-02-13T00:00:00.000Z'))).toBe(false);
    expect(showsBoardLink(row('premium', '2026-06-01T00:00:00.000Z'))).toBe(false);
  });

  it('never where the server does not offer it, nor for people without a board', () => {
    expect(showsBoardLink(row('premium', '2024-01-01T00:00:00.000Z', false))).toBe(false);
    expect(showsBoardLink(row('basic', '2024-01-01T00:00:00.000Z'))).toBe(false);
  });
});
