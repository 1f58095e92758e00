import { describe, expect, it } from 'vitest';
import { isCursorTime, keysetCursorSchema, namedKeysetCursorSchema } from './keyset-cursor.ts';

const id = '3f1e6a52-8a7c-4d1f-9a55-0d3c1e2b4a10';

describe('isCursorTime', () => {
  it('takes a time that exists, to the microsecond', () => {
    expect(isCursorTime(`2026-06-01T08:30:00.123456Z_${id}`)).toBe(true);
    expect(isCursorTime(`2028-02-29T23:59:59.999999Z_${id}`)).toBe(true);
  });

  it('refuses a time of the right shape that does not exist', () => {
    for (const time of [
      '2026-13-01T00:00:00.000000Z',
      '2026-02-30T00:00:00.000000Z',
      '2026-06-01T24:00:00.000000Z',
      '2026-06-01T00:60:00.000000Z',
      '0000-06-01T00:00:00.000000Z',
      '9999-99-99T99:99:99.999999Z',
    ]) {
      expect(isCursorTime(`${time}_${id}`), time).toBe(false);
    }
  });
});

describe('keysetCursorSchema', () => {
  const schema = keysetCursorSchema('bad cursor');

  it('takes a cursor a page wrote', () => {
    expect(schema.parse(`2026-06-01T08:30:00.123456Z_${id}`)).toBe(
      `2026-06-01T08:30:00.123456Z_${id}`,
    );
  });

  it("refuses anything else in the list's own words", () => {
    for (const bad of [
      42,
      '',
      'yesterday',
      `2026-06-01T08:30:00.123Z_${id}`,
      `2026-06-01T08:30:00.123456Z_${id.toUpperCase()}`,
      `2026-06-01T08:30:00.123456Z_${id}x`,
      `2026-02-30T08:30:00.123456Z_${id}`,
    ]) {
      const parsed = schema.safeParse(bad);
      expect(parsed.success, String(bad)).toBe(false);
      expect(parsed.error?.issues.map((issue) => issue.message)).toEqual(['bad cursor']);
    }
  });
});

describe('namedKeysetCursorSchema', () => {
  const schema = namedKeysetCursorSchema('bad cursor');

  it('takes a cursor with any name after its time and id, underscores included', () => {
    for (const name of ['Claw Hammer', 'a_b_c', 'Hammer 50% / "big"', 'Zange ä ✓']) {
      const cursor = `2026-06-01T08:30:00.123456Z_${id}_${name}`;
      expect(schema.parse(cursor), name).toBe(cursor);
    }
  });

  it("refuses anything else in the list's own words", () => {
    for (const bad of [
      42,
      '',
      `2026-06-01T08:30:00.123456Z_${id}`,
      `2026-06-01T08:30:00.123456Z_${id}_`,
      `2026-06-01T08:30:00.123456Z_${id}_nul\u0000byte`,
      `2026-13-01T08:30:00.123456Z_${id}_Hammer`,
      `2026-06-01T08:30:00.123456Z_not-an-id_Hammer`,
      `2026-06-01T08:30:00.123456Z_${id}_${'x'.repeat(501)}`,
    ]) {
      const parsed = schema.safeParse(bad);
      expect(parsed.success, String(bad)).toBe(false);
      expect(parsed.error?.issues.map((issue) => issue.message)).toEqual(['bad cursor']);
    }
  });
});
