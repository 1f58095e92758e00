import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/** Clock ticks per second of /proc's CPU times (CLK_TCK: 100 on Linux's usual builds). */
const TICKS_PER_SECOND = 100;

/** The CPU time a process has used so far, user and system, in seconds (/proc/<pid>/stat). */
export function readCpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) is in parentheses and may hold spaces: count from after it.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 14 and 15 of the line (utime, stime) are the 12th and 13th after the name.
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

const WINDOW_MS = 250;
/** Busier than this share of one core over a window is not idle. */
const IDLE_SHARE = 0.08;
const GIVE_UP_MS = 30_000;

/**
 * Resolves once the process has used at most IDLE_SHARE of a core over a window of WINDOW_MS:
 * after a stretch of orders the server still sends their e-mails from its outbox, work that would
 * otherwise fall on the stretch after it. Gives up (and says so) after GIVE_UP_MS; resolves at
 * once when the process has gone.
 */
export async function untilIdle(pid: number, what: string): Promise<void> {
  const deadline = Date.now() + GIVE_UP_MS;
  try {
    let before = readCpuSeconds(pid);
    for (;;) {
      await sleep(WINDOW_MS);
      const now = readCpuSeconds(pid);
      if (now - before <= (IDLE_SHARE * WINDOW_MS) / 1000) return;
      if (Date.now() > deadline) {
        console.log(`bench: ${what} still busy after ${GIVE_UP_MS / 1000} s; going on`);
        return;
      }
      before = now;
    }
  } catch {
    // the process has exited: nothing of it can weigh on what comes next
  }
}
