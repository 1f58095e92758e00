import { statfs } from 'node:fs/promises';
import type { PGlite, Transaction } from '@electric-sql/pglite';

const MB = 1024 * 1024;

/**
 * The free space PGlite's DATA_DIR keeps in reserve by default (DISK_RESERVE_MB), in MB: a WAL
 * segment (16 MB, made whole at once when the last one fills: with less room PGlite's engine spun
 * in XLogFlush, issue 40 item 10), the outbox's files and the tools' pictures written between two
 * looks at the disk, and as much again for a checkpoint's full-page images.
 */
export const DEFAULT_DISK_RESERVE_MB = 48;
/** The least DISK_RESERVE_MB may be: one WAL segment. */
export const MIN_DISK_RESERVE_MB = 16;
/** What a new embedded database takes once migrated (42 MB measured), with some room. */
export const NEW_DATABASE_MB = 48;
/** How long one look at the free space (statfs) is trusted. */
export const DISK_RESERVE_CHECK_MS = 1_000;
/** Closer than this above the reserve, every write looks again: a second's writes could pass it. */
export const DISK_RESERVE_NEAR_BYTES = 16 * MB;

export type DiskSpace = {
  /** Bytes an unprivileged process may still write under the folder. */
  freeBytes: number;
  /** True while freeBytes is at least the reserve. */
  enough: boolean;
};

/** A write refused because DATA_DIR's free space is below its reserve: nothing was written. */
export class DiskReserveError extends Error {
  readonly space: DiskSpace & { reserveBytes: number };
  constructor(space: DiskSpace & { reserveBytes: number }) {
    super(
      `DATA_DIR has ${wholeMb(space.freeBytes)} MB free, below its reserve of ` +
        `${wholeMb(space.reserveBytes)} MB (DISK_RESERVE_MB): the write was refused`,
    );
    this.name = 'DiskReserveError';
    this.space = space;
  }
}

export const wholeMb = (bytes: number) => Math.floor(bytes / MB);

/** The free space under `dir`, as statfs tells it (blocks free to unprivileged users). */
export async function freeBytesUnder(dir: string): Promise<number> {
  const stats = await statfs(dir);
  return stats.bavail * stats.bsize;
}

export type DiskReserve = {
  dir: string;
  reserveBytes: number;
  /** The free space, looked at again when the last look is older than DISK_RESERVE_CHECK_MS. */
  space(): Promise<DiskSpace>;
  /**
   * Undefined when the last look (fresh enough) found room; otherwise a promise that looks again
   * and rejects with DiskReserveError below the reserve. Synchronous on the hot path.
   */
  whenRoom(): Promise<void> | undefined;
};

/**
 * DATA_DIR's free space against its reserve, looked at (statfs, microseconds) at most once per
 * DISK_RESERVE_CHECK_MS whatever the number of writes, and again before any write that comes
 * after a longer pause: a disk filled by something else meanwhile is seen before the engine
 * is asked to write. Within DISK_RESERVE_NEAR_BYTES of the reserve each write looks (the writes
 * waiting at one moment share one look).
 */
export function createDiskReserve(options: {
  dir: string;
  reserveMb: number;
  now?: () => number;
  /** Tests: how the free space is read (default statfs). */
  freeBytes?: (dir: string) => Promise<number>;
}): DiskReserve {
  const { dir, now = Date.now, freeBytes = freeBytesUnder } = options;
  const reserveBytes = options.reserveMb * MB;
  let last: { space: DiskSpace; at: number } | undefined;
  let looking: Promise<DiskSpace> | undefined;

  const look = (): Promise<DiskSpace> => {
    looking ??= freeBytes(dir)
      .then(
        (bytes) => ({ freeBytes: bytes, enough: bytes >= reserveBytes }),
        // A folder statfs cannot read is not a full one: the writes meet whatever it is.
        () => ({ freeBytes: Number.POSITIVE_INFINITY, enough: true }),
      )
      .then((space) => {
        last = { space, at: now() };
        return space;
      })
      .finally(() => {
        looking = undefined;
      });
    return looking;
  };
  const fresh = () =>
    last !== undefined &&
    now() - last.at < DISK_RESERVE_CHECK_MS &&
    (!last.space.enough || last.space.freeBytes >= reserveBytes + DISK_RESERVE_NEAR_BYTES);
  const refuseBelow = (space: DiskSpace) => {
    if (!space.enough) throw new DiskReserveError({ ...space, reserveBytes });
  };

  return {
    dir,
    reserveBytes,
    space: () => (fresh() ? Promise.resolve(last!.space) : look()),
    whenRoom() {
      if (fresh() && last!.space.enough) return undefined;
      if (fresh()) return Promise.reject(new DiskReserveError({ ...last!.space, reserveBytes }));
      return look().then(refuseBelow);
    },
  };
}

/**
 * A statement that only reads, or steers the session (a transaction's begin and end, settings):
 * everything else may write and waits for the reserve. A `select` that locks rows writes a little
 * too; the reserve's margin covers it, and the transaction's next change meets the check.
 */
const READING_STATEMENT =
  /^(?:\s|--[^\n]*\n|\/\*[\s\S]*?\*\/)*(?:select|show|explain|values|table|fetch|begin|start|commit|end|rollback|abort|savepoint|release|set|reset|listen|unlisten|prepare|deallocate|discard)\b/i;

/** A `with` query that reads only, as Drizzle's selects with common table expressions are. */
const STARTS_WITH_WITH = /^(?:\s|--[^\n]*\n|\/\*[\s\S]*?\*\/)*with\b/i;
const CHANGING_WORD = /\b(?:insert|update|delete|merge)\b/i;

export function mayWrite(text: string): boolean {
  if (STARTS_WITH_WITH.test(text)) return CHANGING_WORD.test(text);
  return !READING_STATEMENT.test(text);
}

type Queryable = { query: (text: string, ...rest: unknown[]) => Promise<unknown> };

function checkingQuery(target: Queryable, reserve: DiskReserve): Queryable['query'] {
  return (text, ...rest) => {
    const waiting = mayWrite(text) ? reserve.whenRoom() : undefined;
    return waiting ? waiting.then(() => target.query(text, ...rest)) : target.query(text, ...rest);
  };
}

/**
 * The PGlite client whose statements that may write are refused (DiskReserveError, 503 in words)
 * while DATA_DIR's free space is below the reserve, before the engine sees them: in PGlite the
 * engine is this process, and a commit that cannot grow the WAL does not fail, it hangs.
 */
export function keepingDiskReserve(client: PGlite, reserve: DiskReserve): PGlite {
  return new Proxy(client, {
    get(object, property) {
      const value: unknown = Reflect.get(object, property, object);
      if (property === 'query') return checkingQuery(object as unknown as Queryable, reserve);
      if (property === 'transaction') {
        return <R>(callback: (tx: Transaction) => Promise<R>) =>
          object.transaction((tx) =>
            callback(
              new Proxy(tx, {
                get(inner, name) {
                  const member: unknown = Reflect.get(inner, name, inner);
                  if (name === 'query')
                    return checkingQuery(inner as unknown as Queryable, reserve);
                  return typeof member === 'function'
                    ? (member as () => unknown).bind(inner)
                    : member;
                },
              }),
            ),
          );
      }
      return typeof value === 'function' ? (value as () => unknown).bind(object) : value;
    },
  });
}
