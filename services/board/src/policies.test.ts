import { describe, expect, it } from '@jest/globals';
import type { Actor, Role } from '@rainmakers/contracts';
import {
  type BoardRef,
  boardAbilities,
  boardKindOf,
  canComment,
  canDeleteCard,
  canDeleteComment,
  canDeleteList,
  canEditBoard,
  canEditComment,
  canReadReviewQueue,
  canResetBoard,
  canReviewCard,
  canViewBoard,
  hasBoardAccess,
  isReviewedMember,
} from './policies';

const actor = (role: Role, userId: number, createdAt = '2024-01-01T00:00:00Z', accountRole: Role = role): Actor => ({
  userId,
  sessionId: 's',
  role,
  accountRole,
  isAdmin: false,
  tagIds: [],
  tagNames: [],
  stripeStatus: 'active',
  alwaysGrantAccess: false,
  impersonatorId: null,
  createdAt,
});

const memberBoard: BoardRef = { id: 1, userId: 10, isTemplate: false };
const member = { role: 'premium', createdAt: '2024-01-01T00:00:00Z' };
const template: BoardRef = { id: 2, userId: null, isTemplate: true };

const callers = {
  owner: actor('premium', 10),
  otherMember: actor('premium', 11),
  coach: actor('coach', 12),
  admin: actor('admin', 13),
  basic: actor('basic', 14),
  courseOnly: actor('course only', 15),
  newPremium: actor('premium', 10, '2025-02-13T00:00:00Z'),
  adminAsPremium: actor('premium', 13, '2024-01-01T00:00:00Z', 'admin'),
};

function matrix(board: BoardRef) {
  return Object.fromEntries(
    Object.entries(callers).map(([who, a]) => [
      who,
      [canViewBoard, canEditBoard, canComment, canDeleteCard, canDeleteList, canResetBoard]
        .map((rule) => (rule(a, board) ? 'y' : '-'))
        .join(''),
    ]),
  );
}

describe('board policies (view, edit, comment, delete card, delete list, reset)', () => {
  it("on a member's board", () => {
    expect(matrix(memberBoard)).toEqual({
      owner: 'yyy--y',
      otherMember: '------',
      coach: 'y-y---',
      admin: 'yyyyyy',
      basic: '------',
      courseOnly: '------',
      // The owner's account past the cut-off: hidden, like on the screens.
      newPremium: '------',
      adminAsPremium: '------',
    });
  });

  it('on the Master Template', () => {
    expect(matrix(template)).toEqual({
      owner: '------',
      otherMember: '------',
      coach: '------',
      admin: 'yy-yy-',
      basic: '------',
      courseOnly: '------',
      newPremium: '------',
      adminAsPremium: '------',
    });
  });

  it('names the board of a person: admins the template, coaches and old premium members their own', () => {
    expect(boardKindOf({ role: 'admin', createdAt: null })).toBe('template');
    expect(boardKindOf({ role: 'coach', createdAt: '2026-01-01T00:00:00Z' })).toBe('member');
    expect(boardKindOf({ role: 'premium', createdAt: '2025-02-12T23:59:59Z' })).toBe('member');
    expect(boardKindOf({ role: 'premium', createdAt: '2025-02-13T00:00:00Z' })).toBeNull();
    expect(boardKindOf({ role: 'premium', createdAt: null })).toBe('member');
    expect(boardKindOf({ role: 'basic', createdAt: null })).toBeNull();
    expect(boardKindOf({ role: 'course only', createdAt: null })).toBeNull();
    expect(hasBoardAccess(callers.newPremium)).toBe(false);
  });

  it('sends the reset button to non-admins only and the label button under 11 labels', () => {
    expect(boardAbilities(callers.owner, memberBoard, 10, member)).toMatchObject({ reset: true, createLabel: true });
    expect(boardAbilities(callers.owner, memberBoard, 11, member)).toMatchObject({ createLabel: false });
    expect(boardAbilities(callers.admin, memberBoard, 0, member)).toMatchObject({
      reset: false,
      deleteCards: true,
      review: true,
    });
    expect(boardAbilities(callers.coach, memberBoard, 0, member)).toMatchObject({
      edit: false,
      comment: true,
      createLabel: false,
      review: true,
    });
    expect(boardAbilities(callers.owner, memberBoard, 0, member)).toMatchObject({ review: false });
  });
});

describe('Comments, the review queue', () => {
  it('edits a comment by its author only; deletes it by its author or an admin (on a board they may comment on)', () => {
    const byOwner = 10;
    const rules = Object.fromEntries(
      Object.entries(callers).map(([who, a]) => [
        who,
        `${canEditComment(a, memberBoard, byOwner) ? 'y' : '-'}${canDeleteComment(a, memberBoard, byOwner) ? 'y' : '-'}`,
      ]),
    );
    expect(rules).toEqual({
      owner: 'yy',
      otherMember: '--',
      coach: '--',
      admin: '-y',
      basic: '--',
      courseOnly: '--',
      newPremium: '--',
      adminAsPremium: '--',
    });
    expect(canEditComment(callers.coach, memberBoard, 12)).toBe(true);
    expect(canDeleteComment(callers.coach, memberBoard, 12)).toBe(true);
  });

  it('opens the review queue to coaches and admins acting as such', () => {
    const allowed = Object.entries(callers)
      .filter(([, a]) => canReadReviewQueue(a))
      .map(([who]) => who);
    expect(allowed).toEqual(['coach', 'admin']);
  });

  it("reviews members' boards only (premium before the cut-off)", () => {
    expect(isReviewedMember({ role: 'premium', createdAt: '2024-01-01T00:00:00Z' })).toBe(true);
    expect(isReviewedMember({ role: 'premium', createdAt: '2025-02-13T00:00:00Z' })).toBe(false);
    expect(isReviewedMember({ role: 'coach', createdAt: null })).toBe(false);
    expect(isReviewedMember({ role: 'admin', createdAt: null })).toBe(false);
    expect(isReviewedMember({ role: 'basic', createdAt: null })).toBe(false);
  });

  it("marks a card reviewed: a coach or an admin on a reviewed member's board, never her own or a coach's", () => {
    const allowed = Object.entries(callers)
      .filter(([, a]) => canReviewCard(a, memberBoard, member))
      .map(([who]) => who);
    expect(allowed).toEqual(['coach', 'admin']);
    const coachBoard: BoardRef = { id: 3, userId: 12, isTemplate: false };
    const coachOwner = { role: 'coach', createdAt: null };
    const otherCoach = actor('coach', 16);
    expect(canReviewCard(otherCoach, coachBoard, coachOwner)).toBe(false);
    expect(canReviewCard(callers.coach, coachBoard, coachOwner)).toBe(false);
    expect(canReviewCard(callers.admin, template, null)).toBe(false);
    expect(canReviewCard(callers.coach, memberBoard, { role: 'premium', createdAt: '2025-02-13T00:00:00Z' })).toBe(
      false,
    );
  });
});
