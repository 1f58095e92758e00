import { createHash } from 'node:crypto';

/**
 * The scale data's only source of chance: every draw comes from a generator seeded by `--seed`
 * and the name of what it draws for (tools, customers, orders), so the same seed makes the same
 * shop whatever else changes, and one part's draws never shift another's.
 */
export type Random = {
  /** A number in [0, 1). */
  next(): number;
  /** A whole number from `min` to `max`, both included. */
  int(min: number, max: number): number;
  /** True with probability `p`. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** An item drawn by its weight (weights need not add up to 1). */
  weighted<T>(items: readonly (readonly [T, number])[]): T;
  /** `count` random bytes as lower-case hex. */
  hex(count: number): string;
  /** `count` random bytes. */
  bytes(count: number): Buffer;
};

/** A 32-bit seed from the seed and a stream's name (the first four bytes of their SHA-256). */
function streamSeed(seed: number, stream: string): number {
  return createHash('sha256').update(`${seed}:${stream}`).digest().readUInt32LE(0);
}

/**
 * A small, fast generator (a 32-bit state stepped by an odd constant and mixed by multiplies and
 * shifts): good enough for test data, and the same on every platform, unlike Math.random.
 */
export function seededRandom(seed: number, stream: string): Random {
  let state = streamSeed(seed, stream);
  const next = (): number => {
    state = (state + 0x9e3779b9) | 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 16), 0x85ebca6b);
    mixed = Math.imul(mixed ^ (mixed >>> 13), 0xc2b2ae35);
    mixed ^= mixed >>> 16;
    return (mixed >>> 0) / 4294967296;
  };
  const bytes = (count: number): Buffer => {
    const buffer = Buffer.alloc(count);
    for (let index = 0; index < count; index += 1) buffer[index] = Math.floor(next() * 256);
    return buffer;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick<T>(items: readonly T[]): T {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
    weighted<T>(items: readonly (readonly [T, number])[]): T {
      const total = items.reduce((sum, [, weight]) => sum + weight, 0);
      let left = next() * total;
      for (const [item, weight] of items) {
        left -= weight;
        if (left < 0) return item;
      }
      const last = items.at(-1);
      if (!last) throw new Error('weighted pick from an empty list');
      return last[0];
    },
    hex: (count) => bytes(count).toString('hex'),
    bytes,
  };
}

/**
 * A row's id, the same for the same seed, kind and number: a version-4-shaped UUID (the contract's
 * ids are checked as UUIDs) made of the MD5 of the three. The app draws its ids at random; these
 * only need to be unique and repeatable.
 */
export function scaleId(seed: number, kind: string, ordinal: number | string): string {
  const hex = createHash('md5').update(`${seed}:${kind}:${ordinal}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A seeded permutation of 0 .. count - 1 (Fisher-Yates). */
export function shuffledIndexes(count: number, random: Random): Int32Array {
  const indexes = new Int32Array(count);
  for (let index = 0; index < count; index += 1) indexes[index] = index;
  for (let index = count - 1; index > 0; index -= 1) {
    const other = Math.floor(random.next() * (index + 1));
    const kept = indexes[index]!;
    indexes[index] = indexes[other]!;
    indexes[other] = kept;
  }
  return indexes;
}
