import { texts } from '@tools-factory/contract';
import { describe, expect, it } from 'vitest';
import { googleErrorMessage } from './google-error';

describe('googleErrorMessage', () => {
  it('says nothing without an error code', () => {
    expect(googleErrorMessage(null)).toBeUndefined();
  });
  it('explains an account that Google could not be linked to', () => {
    expect(googleErrorMessage('account_not_linked')).toBe(texts.identityErrors.googleNotLinked);
  });
  it('falls back to the general failure for other codes', () => {
    expect(googleErrorMessage('access_denied')).toBe(texts.identityErrors.googleFailed);
  });
});
