import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** What a PDF says: its pages' text (each page's items joined by spaces) and its metadata. */
export type PdfContent = { pages: string[]; text: string; info: Record<string, unknown> };

/**
 * Reads a PDF back as a reader would, with pdf.js (Mozilla's viewer, independent of the library
 * that wrote it): a file it cannot open fails the test.
 */
export async function readPdf(data: Buffer | Uint8Array): Promise<PdfContent> {
  const loading = getDocument({
    // pdf.js takes the bytes over: a copy, so the caller's buffer stays readable.
    data: new Uint8Array(data),
    useSystemFonts: false,
    verbosity: 0,
  });
  try {
    const document = await loading.promise;
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      pages.push(
        content.items
          .map((item) => ('str' in item ? item.str : ''))
          .join(' ')
          .replace(/\s+/g, ' ')
          .trim(),
      );
    }
    const { info } = await document.getMetadata();
    return { pages, text: pages.join('\n'), info: info as Record<string, unknown> };
  } finally {
    await loading.destroy();
  }
}
