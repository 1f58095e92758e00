/// <reference lib="dom" />
import { chromium, type Page } from '@playwright/test';
import { routes, texts, type Tool } from '@tools-factory/contract';
import { chromiumFlags, findChromium } from '../../e2e/support/find-chromium.ts';
import { signUpCustomer } from './orders.ts';
import { QUICK_ORDER_REPEATS, type QuickOrderFigure } from './quick-order-figures.ts';

/**
 * `count` pasted lines, each its own row: the demo catalog's tools first (good lines), then
 * SKUs nobody sells (one verdict each), as a buyer's list of many tools would check.
 */
function pastedLines(tools: readonly Tool[], count: number): string {
  return Array.from({ length: count }, (_, index) => {
    const tool = tools[index];
    return tool ? `${tool.sku}, ${tool.minOrderQuantity + 1}` : `QO-${index}; 10`;
  }).join('\n');
}

/**
 * In the page: puts `text` into the lines' textarea as a paste does (one input event), then waits
 * for the table to hold `rows` rows and two frames to be drawn after it. Milliseconds.
 */
function timePaste(page: Page, text: string, rows: number, label: string): Promise<number> {
  return page.evaluate(
    ({ text, rows, label }) =>
      new Promise<number>((resolve, reject) => {
        const textarea = [...document.querySelectorAll('textarea')].find(
          (element) => element.labels?.[0]?.textContent === label,
        );
        if (!textarea) {
          reject(new Error('no textarea for the lines'));
          return;
        }
        // React reads the value through the element's own setter, then the input event.
        const setValue = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!;
        const start = performance.now();
        setValue.set!.call(textarea, text);
        textarea.dispatchEvent(new Event('input', { bubbles: true }));
        const deadline = start + 30_000;
        const poll = () => {
          if (document.querySelectorAll('tbody tr').length === rows) {
            // Drawn: the frame after the one that laid the rows out.
            requestAnimationFrame(() =>
              requestAnimationFrame(() => resolve(performance.now() - start)),
            );
          } else if (performance.now() > deadline) {
            reject(new Error(`the table never held ${rows} rows`));
          } else {
            requestAnimationFrame(poll);
          }
        };
        requestAnimationFrame(poll);
      }),
    { text, rows, label },
  );
}

async function clearLines(page: Page): Promise<void> {
  await page.getByLabel(texts.quickOrder.pasteLabel, { exact: true }).fill('');
  await page.getByText(texts.quickOrder.empty).waitFor();
}

/**
 * Quick order in Chromium on the built page of `baseUrl`, signed in as a new customer: a paste of
 * 500 lines checked and drawn, beside the same page with a paste of 1 line (the baseline: what a
 * paste, React's render and a frame cost without the lines).
 */
export async function measureQuickOrder(baseUrl: string): Promise<QuickOrderFigure[]> {
  const customer = await signUpCustomer(baseUrl, 0);
  const tools = (await (await fetch(`${baseUrl}/api/parts`)).json()) as Tool[];
  const browser = await chromium.launch({ executablePath: findChromium(), args: chromiumFlags });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies(
      customer.cookie.split('; ').map((pair) => {
        const [name = '', ...value] = pair.split('=');
        return { name, value: value.join('='), url: baseUrl };
      }),
    );
    const page = await context.newPage();
    await page.goto(new URL(routes.dashboardQuickOrder, baseUrl).toString());
    await page.getByLabel(texts.quickOrder.pasteLabel, { exact: true }).waitFor();
    const figures: QuickOrderFigure[] = [];
    for (const lines of [1, 500]) {
      const text = pastedLines(tools, lines);
      const times: number[] = [];
      for (let repeat = 0; repeat < QUICK_ORDER_REPEATS; repeat++) {
        await clearLines(page);
        times.push(await timePaste(page, text, lines, texts.quickOrder.pasteLabel));
      }
      times.sort((a, b) => a - b);
      figures.push({
        lines,
        rows: lines,
        medianMs: times[Math.floor(times.length / 2)]!,
        maxMs: times.at(-1)!,
      });
    }
    return figures;
  } finally {
    await browser.close();
  }
}
