import { execFileSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';
/** Debian's `chromium-headless-shell`: the same Chromium build, without the desktop browser. */
const DEBIAN_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/** Flags that keep a headless Chromium quiet and offline apart from the app under test. */
export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function playwrightsOwnChromium(): string | undefined {
  try {
    const file = chromium.executablePath();
    return file && isExecutable(file) ? file : undefined;
  } catch {
    return undefined;
  }
}

function canInstallWithApt(): boolean {
  return process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
}

function installDebianChromium(): void {
  console.log('[e2e] No Chromium found: installing Debian\'s "chromium" with apt-get ...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], {
    stdio: 'inherit',
    env,
  });
}

/**
 * The Chromium the journeys run in: CHROMIUM_PATH, Debian's /usr/bin/chromium, or Playwright's own
 * if it happens to be installed. Playwright's browser download is not used (it is not reachable
 * here); instead, when apt is usable, Debian's package is installed once.
 */
export function findChromium(): string {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!isExecutable(fromEnv)) {
      throw new Error(`CHROMIUM_PATH=${fromEnv} is not an executable file.`);
    }
    return fromEnv;
  }
  if (isExecutable(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  const own = playwrightsOwnChromium();
  if (own) return own;
  if (canInstallWithApt()) {
    installDebianChromium();
    if (isExecutable(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  }
  throw new Error(
    'No Chromium for the e2e journeys: set CHROMIUM_PATH to a Chromium binary, or install ' +
      "Debian's package as root (apt-get update && apt-get install -y chromium).",
  );
}

/**
 * The Chromium the journeys run in: CHROMIUM_PATH when set; else Debian's headless shell when it is
 * installed (.ci/run installs it), the same Chromium build as /usr/bin/chromium in the headless
 * mode Playwright uses by default for its own browsers. It rendered the 1280 px accessibility sweep
 * in 83 s where the full browser in headless mode needed 108 s (no trace, same machine, same run):
 * the journeys' time is Chromium's. Else the full browser (findChromium). The bench's Lighthouse
 * keeps the full browser, the one its figures are known for.
 */
export function findJourneyChromium(): string {
  if (!process.env.CHROMIUM_PATH && isExecutable(DEBIAN_HEADLESS_SHELL))
    return DEBIAN_HEADLESS_SHELL;
  return findChromium();
}
