/** What the fixture functions receive as their second argument. */
type FixtureTools = { onCleanup: (cleanup: () => Promise<void> | void) => void };

/**
 * A clock a test file moves forward (an Undo ship's 24 hours): give `now` to the app's options,
 * set `clock.offsetMs`, and add `resetClock` as an auto fixture
 * (`.extend('clock', { auto: true }, resetClock)`), which puts it back at the real time after
 * each test, whatever the test moved it to.
 */
export function movableClock() {
  const clock = { offsetMs: 0 };
  return {
    clock,
    now: () => new Date(Date.now() + clock.offsetMs),
    // Vitest reads a fixture's dependencies from its first parameter, which must be a pattern.
    // eslint-disable-next-line no-empty-pattern
    resetClock: ({}, { onCleanup }: FixtureTools) => {
      onCleanup(() => {
        clock.offsetMs = 0;
      });
      return clock;
    },
  };
}
