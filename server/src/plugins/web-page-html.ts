import { PAGE_DATA_ELEMENT_ID, type PageData, type RenderedPage } from '@tools-factory/contract';

/** Where a rendered page goes into web/dist/index.html: its title and its root element. */
export type PageTemplate = { beforeTitle: string; beforeRoot: string; afterRoot: string };

const TITLE_ELEMENT = /<title>[^<]*<\/title>/;
const EMPTY_ROOT = '<div id="root"></div>';

/** Splits Vite's index.html around its title and its empty root; throws when either is missing. */
export function parsePageTemplate(indexHtml: string): PageTemplate {
  const title = TITLE_ELEMENT.exec(indexHtml);
  const root = indexHtml.indexOf(EMPTY_ROOT);
  if (!title || root < title.index) {
    throw new Error(`index.html has no <title> followed by an empty ${EMPTY_ROOT}`);
  }
  return {
    beforeTitle: indexHtml.slice(0, title.index),
    beforeRoot: indexHtml.slice(title.index + title[0].length, root),
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
 * The whole HTML of a rendered page: the template with the page's title, its markup inside the
 * root element, and the data beside it in a script element the browser never executes (type
 * application/json), so the CSP's script-src 'self' holds without any inline script.
 */
export function fillPageTemplate(
  template: PageTemplate,
  page: RenderedPage,
  dataScriptText: string,
): string {
  return (
    `${template.beforeTitle}<title>${escapeHtmlText(page.title)}</title>${template.beforeRoot}` +
    `<div id="root">${page.html}</div>` +
    `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${dataScriptText}</script>` +
    template.afterRoot
  );
}
