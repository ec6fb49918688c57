import { describe, expect, it } from '@jest/globals';
import * as contracts from '@rainmakers/contracts';
import * as local from './constants';

describe('constants mirrored from @rainmakers/contracts', () => {
  it('are identical', () => {
    expect(local.CSRF_COOKIE).toBe(contracts.CSRF_COOKIE);
    expect(local.HOST_COOKIE_PREFIX).toBe(contracts.HOST_COOKIE_PREFIX);
    expect(local.CSRF_HEADER).toBe(contracts.CSRF_HEADER);
    expect(local.SUBSCRIPTION_BLOCKED).toBe(contracts.SUBSCRIPTION_BLOCKED);
    expect(local.EMAIL_IN_USE_SIGN_IN).toBe(contracts.EMAIL_IN_USE_SIGN_IN);
    expect(local.FORGOT_PASSWORD_SENT).toBe(contracts.FORGOT_PASSWORD_SENT);
    expect(local.RESET_TOKEN_TTL_MINUTES).toBe(contracts.RESET_TOKEN_TTL_MINUTES);
    expect(local.UPLOAD_ERROR).toBe(contracts.UPLOAD_ERRORS.failed);
  });
});
