import { describe, expect, it } from '@jest/globals';
import { ALL_ROLES, buildActor } from '@rainmakers/kit/testing';
import { canEditAdditionalFees, productAbilities } from './policies';

describe('tools policies', () => {
  it('every role keeps products; only basic members have the fees locked', () => {
    for (const role of ALL_ROLES) {
      const actor = buildActor(role);
      expect(productAbilities(actor)).toEqual({ edit: true, delete: true, editAdditionalFees: role !== 'basic' });
      expect(canEditAdditionalFees(actor)).toBe(role !== 'basic');
    }
  });
});
