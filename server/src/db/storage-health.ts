import { randomUUID } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isStorageFull } from './errors.ts';

/**
 * How long after a request met a full disk /ready keeps saying so, even when its own probe
 * fits: the database needs more room at once (a WAL segment) than the probe does.
 */
export const STORAGE_FULL_WINDOW_MS = 5_000;
/** What the probe writes under DATA_DIR: about a page of the database's own writes. */
const PROBE_BYTES = 64 * 1024;

export type StorageHealth = {
  /** Notes a request's error; true when it was the storage being full. */
  noteError(error: unknown): boolean;
  /** True while the storage under the database or DATA_DIR takes no more writes. */
  isFull(): Promise<boolean>;
};

/**
 * Whether the shop can write (GET /ready). A storage error that a request met is remembered for a
 * few seconds; and DATA_DIR (PGlite's files, the outbox folder) is probed with a small write,
 * which fails with ENOSPC on a full disk however the last requests fared.
 */
export function createStorageHealth(options: {
  /** The folder to probe: DATA_DIR. */
  dataDir: string;
  now?: () => number;
}): StorageHealth {
  const { dataDir, now = Date.now } = options;
  let lastFullAt = Number.NEGATIVE_INFINITY;
  const probeDir = path.join(dataDir, 'ready-probe');

  async function probeFits(): Promise<boolean> {
    const file = path.join(probeDir, randomUUID());
    try {
      await mkdir(probeDir, { recursive: true });
      await writeFile(file, Buffer.alloc(PROBE_BYTES));
      return true;
    } catch (error) {
      if (isStorageFull(error)) return false;
      // Any other trouble (permissions) is not the disk being full: not this check's to report.
      return true;
    } finally {
      await unlink(file).catch(() => {});
    }
  }

  return {
    noteError(error) {
      if (!isStorageFull(error)) return false;
      lastFullAt = now();
      return true;
    },
    async isFull() {
      if (!(await probeFits())) {
        lastFullAt = now();
        return true;
      }
      return now() - lastFullAt < STORAGE_FULL_WINDOW_MS;
    },
  };
}
