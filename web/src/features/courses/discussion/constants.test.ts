import { describe, expect, it } from '@jest/globals';
import * as contracts from '@rainmakers/contracts';
import * as constants from './constants';

describe('discussion constants', () => {
  it('match @rainmakers/contracts', () => {
    expect(constants.COMMENT_BODY_MAX).toBe(contracts.COMMENT_BODY_MAX);
    expect(constants.DELETED_AUTHOR).toBe(contracts.DISCUSSION_MESSAGES.deleted);
  });
});
