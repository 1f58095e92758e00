import {
  PAGE_DATA_ELEMENT_ID,
  PAGE_SCRIPTS_META_NAME,
  type PageData,
  type RenderedPage,
} from '@tools-factory/contract';

/**
 * Where a rendered page goes into web/dist/index.html: its title, the list of its script files
 * (at the end of the head, after the entry's script and style) and its root element.
 */
export type PageTemplate = {
  beforeTitle: string;
  afterTitle: string;
  beforeRoot: string;
  afterRoot: string;
};

const TITLE_ELEMENT = /<title>[^<]*<\/title>/;
const HEAD_END = '</head>';
const EMPTY_ROOT = '<div id="root"></div>';

/**
 * Splits Vite's index.html around its title, the end of its head and its empty root; throws when
 * any is missing or out of order.
 */
export function parsePageTemplate(indexHtml: string): PageTemplate {
  const title = TITLE_ELEMENT.exec(indexHtml);
  const headEnd = indexHtml.indexOf(HEAD_END);
  const root = indexHtml.indexOf(EMPTY_ROOT);
  if (!title || headEnd < title.index || root < headEnd) {
    throw new Error(`index.html has no <title>, then ${HEAD_END}, then an empty ${EMPTY_ROOT}`);
  }
  return {
    beforeTitle: indexHtml.slice(0, title.index),
    afterTitle: indexHtml.slice(title.index + title[0].length, headEnd),
    beforeRoot: indexHtml.slice(headEnd, root),
    afterRoot: indexHtml.slice(root + EMPTY_ROOT.length),
  };
}

const HTML_TEXT_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtmlText(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_TEXT_ESCAPES[character] ?? character);
}

/**
 * PageData as the text of a script element. Inside one, `</script` (any case) or `<!--` would end
 * or derail the element whatever JSON says, so `<` and `>` never appear raw; `&` neither (for XHTML
 * readers); U+2028/2029 are escaped because older JavaScript engines read them as line ends. Each
 * becomes a \uXXXX escape, which JSON.parse turns back into the same character: the data is
 * unchanged, and no tool name can close the element or run as script.
 */
export function pageDataScriptText(data: PageData): string {
  return JSON.stringify(data).replace(
    /[<>&\u2028\u2029]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * The whole HTML of a rendered page: the template with the page's title, a meta element listing
 * `scriptFiles` (the page's chunks, which the web's entry asks the browser for: at once when the
 * app starts at once, after the load when it waits for the visitor; decision 026), its markup
 * inside the root element, and the data beside it in a script element the browser
 * never executes (type application/json), so the CSP's script-src 'self' holds without any
 * inline script.
 */
export function fillPageTemplate(
  template: PageTemplate,
  page: RenderedPage,
  dataScriptText: string,
  scriptFiles: readonly string[] = [],
): string {
  const listed =
    scriptFiles.length === 0
      ? ''
      : `<meta name="${PAGE_SCRIPTS_META_NAME}" content="${escapeHtmlText(scriptFiles.join(' '))}">`;
  return (
    `${template.beforeTitle}<title>${escapeHtmlText(page.title)}</title>${template.afterTitle}` +
    `${listed}${template.beforeRoot}` +
    `<div id="root">${page.html}</div>` +
    `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${dataScriptText}</script>` +
    template.afterRoot
  );
}
