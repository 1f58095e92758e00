import { describe, expect, it } from 'vitest';
import { SignInCodeSchema } from './identity.ts';
import { formatSignInCode, normalizeSignInCode, SIGN_IN_CODE } from './sign-in-code.ts';
import { texts } from './texts.ts';

describe('the e-mailed sign-in code (issue 40 item 2)', () => {
  it('has 2^40 codes: 8 characters of 32, none of them I, L, O or U', () => {
    expect(new Set(SIGN_IN_CODE.alphabet).size).toBe(32);
    expect(SIGN_IN_CODE.alphabet).not.toMatch(/[ILOU]/);
    expect(SIGN_IN_CODE.alphabet.length ** SIGN_IN_CODE.length).toBe(2 ** 40);
  });

  it('is shown in groups of four', () => {
    expect(formatSignInCode('7KQM3XPD')).toBe('7KQM-3XPD');
  });

  it('is taken as a person may type it: any case, spaces or a dash, O for 0, I or L for 1', () => {
    for (const typed of ['7KQM-3XPD', '7kqm3xpd', ' 7kqm 3xpd ', '7KQM - 3XPD']) {
      expect(SignInCodeSchema.parse(typed)).toBe('7KQM3XPD');
    }
    expect(normalizeSignInCode('o1lI-ab0O')).toBe('0111AB00');
  });

  it('refuses in words anything else', () => {
    const message = texts.login.codeInvalid(SIGN_IN_CODE.length);
    for (const typed of [
      '',
      '7KQM-3XP',
      '7KQM-3XPDX',
      '7KQM-3XPU',
      '12ab',
      '7KQM_3XPD',
      'x'.repeat(5000),
    ]) {
      const result = SignInCodeSchema.safeParse(typed);
      expect(result.success, typed).toBe(false);
      expect(result.error?.issues[0]?.message, typed).toBe(message);
    }
  });
});
