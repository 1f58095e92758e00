import { describe, expect, it } from 'vitest';
import { allowConsoleError, failOnConsoleErrors, watchConsoleErrors } from './console-errors';

// setup.ts watches every test; these end the watch by hand, then watch again for setup's own check.
describe('a test that logs an error', () => {
  it('fails, and the failure quotes what was logged', () => {
    console.error('an error this test logs on purpose');
    expect(() => failOnConsoleErrors()).toThrow(/an error this test logs on purpose/);
    watchConsoleErrors();
  });

  it('passes when it says it expects one', () => {
    allowConsoleError();
    console.error(new Error('caught by the error boundary'));
    expect(() => failOnConsoleErrors()).not.toThrow();
    watchConsoleErrors();
  });

  it('leaves the next test a clean console', () => {
    expect(() => failOnConsoleErrors()).not.toThrow();
    watchConsoleErrors();
  });
});
