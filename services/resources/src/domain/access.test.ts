import { describe, expect, it } from '@jest/globals';
import { RESOURCE_VISIBILITIES, ROLES, type Role } from '@rainmakers/contracts';
import { canOpenResource, canSeeResource, type GatedResource } from './access';

const now = new Date('2026-01-01T00:00:00Z');
const resource = (over: Partial<GatedResource> = {}): GatedResource => ({
  type: 'Link',
  visibility: 'Free',
  hidden: false,
  publishedAt: null,
  tagIds: [],
  ...over,
});
const viewer = (role: Role, tagIds: number[] = []) => ({ role, tagIds });

describe('resource access', () => {
  it('opens everything to admins, hidden and scheduled included', () => {
    for (const visibility of RESOURCE_VISIBILITIES) {
      const r = resource({ visibility, hidden: true, publishedAt: new Date('2030-01-01') });
      expect(canOpenResource(viewer('admin'), r, false, now)).toBe(true);
    }
  });

  it('opens For Sale resources only to buyers and tag holders', () => {
    for (const visibility of ['For Sale', 'For Sale Premium'] as const) {
      const r = resource({ visibility, tagIds: [7] });
      for (const role of ROLES.filter((x) => x !== 'admin')) {
        expect(canOpenResource(viewer(role), r, false, now)).toBe(false);
        expect(canOpenResource(viewer(role), r, true, now)).toBe(true);
        expect(canOpenResource(viewer(role, [7]), r, false, now)).toBe(true);
        expect(canOpenResource(viewer(role, [8]), r, false, now)).toBe(false);
      }
    }
  });

  it('lists For Sale to everyone and For Sale Premium to premium and coach', () => {
    const forSale = resource({ visibility: 'For Sale' });
    const premium = resource({ visibility: 'For Sale Premium' });
    for (const role of ROLES) expect(canSeeResource(viewer(role), forSale, false, now)).toBe(true);
    expect(ROLES.filter((role) => canSeeResource(viewer(role), premium, false, now))).toEqual([
      'admin',
      'coach',
      'premium',
    ]);
  });

  it('gives Included with Premium to premium and coach, and its courses to course only members', () => {
    const link = resource({ visibility: 'Included with Premium' });
    const course = resource({ visibility: 'Included with Premium', type: 'Course' });
    expect(ROLES.filter((role) => canOpenResource(viewer(role), link, false, now))).toEqual([
      'admin',
      'coach',
      'premium',
    ]);
    expect(ROLES.filter((role) => canOpenResource(viewer(role), course, false, now))).toEqual([
      'admin',
      'coach',
      'premium',
      'course only',
    ]);
    expect(canSeeResource(viewer('basic'), link, false, now)).toBe(false);
  });

  it('opens Free resources to everyone', () => {
    for (const role of ROLES) expect(canOpenResource(viewer(role), resource(), false, now)).toBe(true);
  });

  it('hides hidden and scheduled resources from everyone but admins, even buyers', () => {
    const hidden = resource({ hidden: true });
    const scheduled = resource({ publishedAt: new Date('2026-02-01T00:00:00Z') });
    for (const role of ROLES.filter((x) => x !== 'admin')) {
      expect(canSeeResource(viewer(role), hidden, true, now)).toBe(false);
      expect(canSeeResource(viewer(role), scheduled, true, now)).toBe(false);
    }
  });
});
