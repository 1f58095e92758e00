import { describe, expect, test } from 'vitest';
import { texts } from '@tools-factory/contract';
import { UploadSlots, UploadsBusy } from './tool-images.ts';

/** A piece of work that ends when the test says so. */
function held() {
  let finish = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return { done, finish };
}

describe('UploadSlots (issue 40 item 7)', () => {
  test('runs at most inFlight at once, the next ones in their order of arrival', async () => {
    const slots = new UploadSlots({ inFlight: 2, waiting: 2, waitMs: 5_000 });
    const started: number[] = [];
    const works = [0, 1, 2, 3].map(() => held());
    const runs = works.map((work, index) =>
      slots.run(async () => {
        started.push(index);
        await work.done;
        return index;
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(started).toEqual([0, 1]);
    works[1]!.finish();
    await runs[1];
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(started).toEqual([0, 1, 2]);
    works.forEach((work) => work.finish());
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
  });

  test('refuses in words one more than can wait, and one that waited too long', async () => {
    const slots = new UploadSlots({ inFlight: 1, waiting: 1, waitMs: 50 });
    const work = held();
    const first = slots.run(() => work.done);
    const waiting = slots.run(() => Promise.resolve('never'));
    await expect(slots.run(() => Promise.resolve('never'))).rejects.toBeInstanceOf(UploadsBusy);
    await expect(waiting).rejects.toMatchObject({
      statusCode: 503,
      message: texts.adminErrors.imageUploadsBusy,
    });
    work.finish();
    await first;
    // The slot is free again once the first is done.
    expect(await slots.run(() => Promise.resolve('next'))).toBe('next');
  });
});
