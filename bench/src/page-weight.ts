import { chromium } from '@playwright/test';
import { texts } from '@tools-factory/contract';
import { chromiumFlags, findChromium } from '../../e2e/support/find-chromium.ts';
import { startAppServer } from './processes.ts';

/** What a first visit to a page downloads of one kind, as the browser received it. */
export type PageWeight = {
  page: string;
  files: number;
  /** Bytes on the wire (brotli, as the server sends them). */
  transferBytes: number;
  /** Bytes once decompressed: what the browser parses. */
  decodedBytes: number;
};

/**
 * The JavaScript the home page loads on a first visit (entry chunk, the home route's chunks and
 * what they import), measured in Chromium against the real server serving `webDistDir`
 * (default web/dist). Sizes are deterministic for one build, so two builds compare exactly.
 */
export async function measureHomePageScripts(webDistDir?: string): Promise<PageWeight> {
  const server = await startAppServer(
    'page weight',
    webDistDir ? { WEB_DIST_DIR: webDistDir } : {},
  );
  const browser = await chromium.launch({ executablePath: findChromium(), args: chromiumFlags });
  try {
    const page = await browser.newPage();
    const scripts: Array<Promise<{ transfer: number; decoded: number }>> = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.push(
        (async () => ({
          transfer: Number((await response.allHeaders())['content-length'] ?? 0),
          decoded: (await response.body()).length,
        }))(),
      );
    });
    await page.goto(server.baseUrl, { waitUntil: 'networkidle' });
    // The tools are on screen: every chunk the page needs has arrived.
    await page.getByRole('heading', { level: 2, name: texts.home.toolsTitle }).waitFor();
    await page.waitForLoadState('networkidle');
    const sizes = await Promise.all(scripts);
    return {
      page: 'home page JS',
      files: sizes.length,
      transferBytes: sizes.reduce((sum, size) => sum + size.transfer, 0),
      decodedBytes: sizes.reduce((sum, size) => sum + size.decoded, 0),
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}

// `node bench/src/page-weight.ts [distDir ...]`: the home page's JS of each build, one line each.
if (import.meta.main) {
  const dirs = process.argv.slice(2);
  for (const dir of dirs.length ? dirs : [undefined]) {
    const weight = await measureHomePageScripts(dir);
    console.log(
      `${dir ?? 'web/dist'}: ${weight.page} ${weight.files} files, ` +
        `${(weight.decodedBytes / 1024).toFixed(1)} KB (${(weight.transferBytes / 1024).toFixed(1)} KB brotli)`,
    );
  }
}
