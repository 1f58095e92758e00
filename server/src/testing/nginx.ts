import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from './server-process.ts';
import { HANG_LIMIT_MS } from './hang-limits.ts';

/**
 * Debian's nginx as the load balancer of tests, run with the production site file the README
 * quotes (docs/production/nginx.conf): only the instances' addresses and the port are filled in.
 * Everything nginx writes (pid, logs, temporary files) goes to a temporary directory.
 */

const repoRoot = path.resolve(import.meta.dirname, '../../..');
export const PRODUCTION_NGINX_SITE = path.join(repoRoot, 'docs/production/nginx.conf');

/** Where Debian installs nginx; the PATH is searched too. */
export function findNginx(): string | undefined {
  const candidates = [
    '/usr/sbin/nginx',
    ...(process.env.PATH ?? '').split(':').map((dir) => path.join(dir, 'nginx')),
  ];
  return candidates.find((candidate) => {
    try {
      accessSync(candidate, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/**
 * The production site file with these instances and this listening address. Throws when the file
 * no longer has the shape this expects (one upstream block of `server` lines, one `listen 80;`),
 * so the test never runs a configuration other than the README's without saying so.
 */
export function fillProductionSite(site: string, upstreams: string[], listen: string): string {
  const upstream = /(upstream tools_factory \{\n)((?:[ \t]*#.*\n)*)((?:[ \t]*server [^;]+;\n)+)/;
  if (!upstream.test(site)) {
    throw new Error(`${PRODUCTION_NGINX_SITE}: no "upstream tools_factory" block of server lines`);
  }
  if ((site.match(/^[ \t]*listen 80;$/gm) ?? []).length !== 1) {
    throw new Error(`${PRODUCTION_NGINX_SITE}: expected one "listen 80;" line`);
  }
  return site
    .replace(upstream, (_match, head: string, comments: string, servers: string) => {
      // The parameters of the file's server lines (max_fails=0) go with the test's addresses.
      const parameters = /server \S+([^;]*);/.exec(servers)?.[1] ?? '';
      const lines = upstreams.map((address) => `    server ${address}${parameters};\n`);
      return `${head}${comments}${lines.join('')}`;
    })
    .replace(/^([ \t]*)listen 80;$/m, `$1listen ${listen};`);
}

export type AccessLogEntry = { client: string; request: string; status: number; upstream: string };

export type RunningNginx = {
  /** `http://127.0.0.1:<port>`: the site's public origin in the test. */
  url: string;
  /** The site configuration as nginx runs it. */
  site: string;
  /** The requests nginx passed on so far, with the instance that answered each. */
  accessLog(): AccessLogEntry[];
  /** The last lines of nginx's error log, for a failing test's message. */
  errorLog(): string;
  stop(): Promise<void>;
};

/** Separates the fields of the test's access log lines (no field holds it). */
const FIELD = '\u0001';

export async function startNginx(options: {
  nginx: string;
  upstreams: string[];
  /** Default: a free port. */
  port?: number;
}): Promise<RunningNginx> {
  const dir = mkdtempSync(path.join(tmpdir(), 'tools-factory-nginx-'));
  const port = options.port ?? (await freePort());
  const site = fillProductionSite(
    readFileSync(PRODUCTION_NGINX_SITE, 'utf8'),
    options.upstreams,
    `127.0.0.1:${port}`,
  );
  const sitePath = path.join(dir, 'tools-factory.conf');
  writeFileSync(sitePath, site);
  const accessLogPath = path.join(dir, 'access.log');
  const errorLogPath = path.join(dir, 'error.log');
  // What Debian's /etc/nginx/nginx.conf gives the site, in a directory of the test's own. One
  // process (master_process off): nothing is left behind when it is killed, and as root it runs
  // no worker under another user that could not read the temporary directory.
  const main = `
daemon off;
master_process off;
pid ${path.join(dir, 'nginx.pid')};
error_log ${errorLogPath} warn;
events { worker_connections 2048; }
http {
    log_format upstreams '$remote_addr${FIELD}$request${FIELD}$status${FIELD}$upstream_addr';
    access_log ${accessLogPath} upstreams;
    client_body_temp_path ${path.join(dir, 'client-body')};
    proxy_temp_path ${path.join(dir, 'proxy')};
    fastcgi_temp_path ${path.join(dir, 'fastcgi')};
    uwsgi_temp_path ${path.join(dir, 'uwsgi')};
    scgi_temp_path ${path.join(dir, 'scgi')};
    include ${sitePath};
}
`;
  const mainPath = path.join(dir, 'nginx.conf');
  writeFileSync(mainPath, main);

  const child: ChildProcess = spawn(
    options.nginx,
    ['-p', dir, '-c', mainPath, '-e', errorLogPath],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const readLog = (file: string) => {
    try {
      return readFileSync(file, 'utf8');
    } catch {
      return '';
    }
  };

  const running: RunningNginx = {
    url: `http://127.0.0.1:${port}`,
    site,
    accessLog: () =>
      readLog(accessLogPath)
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          const [client = '', request = '', status = '0', upstream = ''] = line.split(FIELD);
          return { client, request, status: Number(status), upstream };
        }),
    errorLog: () => `${stderr}${readLog(errorLogPath)}`.slice(-5_000),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await gone;
        clearTimeout(timer);
      }
      process.off('exit', killOnExit);
      rmSync(dir, { recursive: true, force: true });
    },
  };

  // Ready once it accepts connections. Not a request: one that found an instance not yet
  // listening would mark it down for nginx's fail_timeout (10 s).
  const deadline = Date.now() + HANG_LIMIT_MS;
  for (;;) {
    if (child.exitCode !== null) {
      const log = running.errorLog();
      await running.stop();
      throw new Error(`nginx exited with code ${child.exitCode}:\n${log}`);
    }
    try {
      await new Promise<void>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => {
          socket.end();
          resolve();
        });
        socket.on('error', reject);
      });
      return running;
    } catch {
      if (Date.now() > deadline) {
        const log = running.errorLog();
        await running.stop();
        throw new Error(`nginx did not answer on ${running.url}:\n${log}`);
      }
      await sleep(50);
    }
  }
}
