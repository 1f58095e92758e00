import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** A downloaded PDF's text, read with pdf.js (as a reader would), its whitespace collapsed. */
export async function pdfText(bytes: Buffer): Promise<string> {
  const loading = getDocument({ data: new Uint8Array(bytes), verbosity: 0 });
  const document = await loading.promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await loading.destroy();
  return pages.join(' ').replace(/\s+/g, ' ');
}
