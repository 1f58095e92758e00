import { firstEventOrTimeout } from './first-event.ts';

/**
 * Where the server's log lines go: stdout, written so that a reader that went away (a log shipper
 * that died, `npm start | head`: a closed pipe) or stopped reading (a full pipe) neither blocks
 * nor ends the process, nor its shutdown (docs/decisions/023-trust-part-3.md, item 14).
 *
 * Pino's own destination (sonic-boom) writes asynchronously and, when the process exits, flushes
 * what is left synchronously, retrying until it is written: with the reader gone (EPIPE) or not
 * reading (EAGAIN) that loop never ends, inside process.exit, where no timer fires. Here lines go
 * through process.stdout, which Node writes without blocking (a pipe's lines wait in the stream
 * for the reader; a file or a terminal is written at once), nothing is written at exit, and the
 * close waits for what is left only for a bounded time (`drained`).
 */

/** Lines waiting for a reader beyond this are dropped (counted), so a stalled pipe holds no memory. */
const BACKLOG_LIMIT_BYTES = 4 * 1024 * 1024;

export type StdoutLog = {
  /** Pino's destination: one JSON line. */
  write(line: string): void;
  /** Resolves once what was written has left, the stream failed, or `limitMs` passed. */
  drained(limitMs: number): Promise<void>;
};

export function createStdoutLog(
  stream: NodeJS.WritableStream & { writableLength: number } = process.stdout,
  backlogLimitBytes = BACKLOG_LIMIT_BYTES,
): StdoutLog {
  let broken = false;
  let dropped = 0;
  // EPIPE (the reader is gone) and any other failure: nobody is left to read the log, so lines
  // are dropped from then on. Without a listener the error would end the process.
  stream.on('error', () => {
    broken = true;
  });
  return {
    write(line) {
      if (broken) return;
      if (stream.writableLength > backlogLimitBytes) {
        dropped += 1;
        return;
      }
      if (dropped > 0) {
        const note = {
          level: 40,
          time: Date.now(),
          msg: `${dropped} log line(s) dropped: stdout was not read`,
        };
        dropped = 0;
        stream.write(`${JSON.stringify(note)}\n`);
      }
      stream.write(line);
    },
    drained(limitMs) {
      if (broken || stream.writableLength === 0) return Promise.resolve();
      return firstEventOrTimeout(stream, ['drain', 'error'], limitMs);
    },
  };
}
