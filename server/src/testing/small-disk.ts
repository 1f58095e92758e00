import { execFile } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { open, rm, statfs } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export type SmallDisk = {
  /** The mounted folder. */
  dir: string;
  /**
   * Writes a filler file until the disk says ENOSPC (every byte taken), or until only
   * `leaveBytes` are free.
   */
  fill(leaveBytes?: number): Promise<void>;
  /** The bytes still free. */
  freeBytes(): Promise<number>;
  /** Removes the filler: the space is back. */
  free(): Promise<void>;
  unmount(): Promise<void>;
};

/**
 * A file system of `megabytes` of its own (tmpfs), so a test can fill it without touching the
 * machine's disk. Mounting needs root, which the CI machines give; elsewhere the test says so.
 */
export async function mountSmallDisk(megabytes: number): Promise<SmallDisk> {
  const dir = path.join(tmpdir(), `tools-factory-small-disk-${process.pid}-${Date.now()}`);
  mkdirSync(dir, { recursive: true });
  try {
    await run('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m`, 'tmpfs', dir]);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(
      `A full-disk test mounts a small tmpfs and needs root (mount -t tmpfs): ${String(error)}`,
      { cause: error },
    );
  }
  const filler = path.join(dir, 'filler');
  const freeBytes = async () => {
    const stats = await statfs(dir);
    return stats.bavail * stats.bsize;
  };
  return {
    dir,
    async fill(leaveBytes = 0) {
      const file = await open(filler, 'a');
      const chunk = Buffer.alloc(256 * 1024);
      let toWrite = leaveBytes > 0 ? (await freeBytes()) - leaveBytes : Number.POSITIVE_INFINITY;
      try {
        // Until ENOSPC, then byte-sized chunks for the last partial block.
        for (let size = chunk.length; size >= 1 && toWrite > 0;) {
          try {
            const { bytesWritten } = await file.write(chunk, 0, Math.min(size, toWrite));
            toWrite -= bytesWritten;
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
            size = Math.floor(size / 2);
          }
        }
      } finally {
        await file.close();
      }
    },
    freeBytes,
    async free() {
      await rm(filler, { force: true });
    },
    async unmount() {
      await run('umount', ['-l', dir]).catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
