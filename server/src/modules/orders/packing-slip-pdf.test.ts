import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { formatCount, serverTexts } from '@tools-factory/contract';
import { openDocument, PAGE, REGULAR } from '../../documents/pdf-document.ts';
import { readPdf } from '../../testing/pdf.ts';
import { packingSlipPdf, type PackingSlip } from './packing-slip-pdf.ts';

const words = serverTexts.packingSlip;

const seller = {
  name: 'Tools Factory Ltd',
  addressLines: ['1 Forge Way', 'Sheffield S1 2AB'],
  email: 'accounts@example.com',
  companyNumber: '01234567',
  taxNumber: 'GB123456789',
  bankLines: ['IBAN GB00 TEST 0000 0000 0000 00'],
  zeroTaxReason: 'the seller is not registered for VAT.',
};

/** A parcel of two of a checkout's three lines, the third to follow. */
const partial: PackingSlip = {
  number: 'SH-00042',
  checkoutReference: 'CO-3F2A9C1B',
  poNumber: 'PO-88-A',
  shippedAt: new Date('2026-11-21T09:30:00Z'),
  carrier: 'Royal Mail Tracked 48',
  trackingNumber: 'RM123456789GB',
  shipTo: {
    email: 'ada@example.com',
    address: 'Ada Buyer\n9 Mill Lane\r\nLeeds LS1 4AP',
    phone: '+44 113 496 0000',
  },
  lines: [
    { sku: 'VICE-150', name: 'Bench Vice 150 mm', quantity: 2 },
    { sku: 'NAIL-40', name: 'Round wire nails 40 mm', quantity: 2_500 },
  ],
  stillToCome: [{ sku: 'SAW-DOVE', name: 'Dovetail saw, 15 TPI', quantity: 3 }],
};

/** A row of the table as pdf.js reads it back: SKU, item, quantity, in that order. */
const row = (line: PackingSlip['lines'][number]) =>
  `${line.sku} ${line.name} ${formatCount(line.quantity)}`;

/** A piece of text on a page and the box it takes, in points (PDF space: y grows upwards). */
type TextBox = { text: string; left: number; right: number; bottom: number; top: number };

/**
 * Every page's pieces of text with their boxes, read with pdf.js as readPdf reads the words: a
 * piece's box runs from its baseline's left to its width, a fifth of its size below the baseline
 * (descenders) to four fifths above.
 */
async function textBoxes(data: Buffer): Promise<TextBox[][]> {
  const loading = getDocument({ data: new Uint8Array(data), useSystemFonts: false, verbosity: 0 });
  try {
    const document = await loading.promise;
    const pages: TextBox[][] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const content = await (await document.getPage(number)).getTextContent();
      pages.push(
        content.items.flatMap((item) => {
          if (!('str' in item) || item.str.trim() === '') return [];
          // The matrix's translation: where the piece's baseline starts.
          const x = Number(item.transform[4]);
          const y = Number(item.transform[5]);
          return [
            {
              text: item.str,
              left: x,
              right: x + item.width,
              bottom: y - item.height * 0.2,
              top: y + item.height * 0.8,
            },
          ];
        }),
      );
    }
    return pages;
  } finally {
    await loading.destroy();
  }
}

/**
 * The pairs of pieces of text that overprint each other. Boxes are shrunk by a point first: the
 * pieces of one spaced label ('F R O M') touch at their edges without covering one another.
 */
function overprints(page: readonly TextBox[]): string[] {
  const slack = 1;
  const found: string[] = [];
  page.forEach((a, index) => {
    for (const b of page.slice(index + 1)) {
      const apart =
        a.right - slack <= b.left ||
        b.right - slack <= a.left ||
        a.top - slack <= b.bottom ||
        b.top - slack <= a.bottom;
      if (!apart) found.push(`'${a.text}' over '${b.text}'`);
    }
  });
  return found;
}

/** The pieces of text that run past the page's side margins (a value that did not wrap). */
function outsideMargins(page: readonly TextBox[]): string[] {
  return page
    .filter((box) => box.left < PAGE.margin - 1 || box.right > PAGE.width - PAGE.margin + 1)
    .map((box) => box.text);
}

async function expectClearLayout(data: Buffer): Promise<void> {
  for (const page of await textBoxes(data)) {
    expect(overprints(page)).toEqual([]);
    expect(outsideMargins(page)).toEqual([]);
  }
}

describe('the packing slip PDF of a shipment (issue 42)', () => {
  it('shows the shipment, the checkout, from and to, every line with its quantity and the units, and what is still to come, without a price', async () => {
    const data = await packingSlipPdf(partial, seller);
    const pdf = await readPdf(data);

    expect(pdf.pages).toHaveLength(1);
    expect(pdf.info.Title).toBe(`${words.title} SH-00042`);
    expect(pdf.text).toContain(words.title.toUpperCase());
    for (const [label, value] of [
      [words.shipment, 'SH-00042'],
      [words.checkout, 'CO-3F2A9C1B'],
      [words.poNumber, 'PO-88-A'],
      [words.shippedOn, 'November 21, 2026'],
      [words.carrier, 'Royal Mail Tracked 48'],
      [words.trackingNumber, 'RM123456789GB'],
    ]) {
      expect(pdf.text).toContain(`${label} ${value}`);
    }
    // From the seller (name and address; its legal numbers are the invoice's), to the buyer.
    expect(pdf.text).toContain(`${words.from.toUpperCase()}`);
    expect(pdf.text).toContain('Tools Factory Ltd 1 Forge Way Sheffield S1 2AB');
    expect(pdf.text).not.toContain('GB123456789');
    expect(pdf.text).toContain(words.shipTo.toUpperCase());
    expect(pdf.text).toContain(
      `Ada Buyer 9 Mill Lane Leeds LS1 4AP ${words.phone('+44 113 496 0000')} ada@example.com`,
    );

    expect(pdf.text).toContain(
      `${words.columns.sku} ${words.columns.item} ${words.columns.quantity}`,
    );
    for (const line of partial.lines) expect(pdf.text).toContain(row(line));
    expect(pdf.text).toContain(`${words.totalUnits} 2,502`);
    expect(pdf.text).toContain(words.stillToCome.toUpperCase());
    expect(pdf.text).toContain(row(partial.stillToCome[0]!));
    expect(pdf.text).not.toContain(words.nothingToCome);
    expect(pdf.text).toContain(words.pageNumber(1, 1));
    // It goes in the box: no amount, no currency.
    expect(pdf.text).not.toContain('$');
    expect(pdf.text).not.toContain('USD');
    await expectClearLayout(data);
  });

  it('says the shipment completes the checkout when nothing is to come, and leaves out the facts it does not have', async () => {
    const pdf = await readPdf(
      await packingSlipPdf(
        {
          ...partial,
          poNumber: '',
          carrier: null,
          trackingNumber: null,
          shipTo: { ...partial.shipTo, phone: '' },
          stillToCome: [],
        },
        seller,
      ),
    );
    expect(pdf.text).toContain(words.nothingToCome);
    expect(pdf.text).not.toContain(words.stillToCome.toUpperCase());
    for (const absent of [words.poNumber, words.carrier, words.trackingNumber, 'Phone']) {
      expect(pdf.text).not.toContain(absent);
    }
    expect(pdf.text).toContain(`${words.shippedOn} November 21, 2026`);
    expect(pdf.text).toContain('Leeds LS1 4AP ada@example.com');
  });

  it('flows 60 lines over further pages, the table header on each, every line and its quantity shown once', async () => {
    const lines = Array.from({ length: 60 }, (_, index) => ({
      sku: `SKU-${String(index + 1).padStart(3, '0')}`,
      // Every seventh name wraps: rows of two lines among rows of one.
      name:
        index % 7 === 0
          ? `Tool ${index + 1} with a name long enough to wrap onto a second line of the item column`
          : `Tool ${index + 1}`,
      quantity: 995 + index,
    }));
    const data = await packingSlipPdf({ ...partial, lines, stillToCome: [] }, seller);
    const pdf = await readPdf(data);

    expect(pdf.pages.length).toBeGreaterThan(1);
    for (const line of lines) {
      expect(pdf.text.split(row(line))).toHaveLength(2);
    }
    const units = lines.reduce((sum, line) => sum + line.quantity, 0);
    expect(pdf.pages.at(-1)).toContain(`${words.totalUnits} ${formatCount(units)}`);
    expect(pdf.pages.at(-1)).toContain(words.nothingToCome);
    pdf.pages.forEach((page, index) => {
      expect(page).toContain(words.pageNumber(index + 1, pdf.pages.length));
      expect(page).toContain(
        `${words.columns.sku} ${words.columns.item} ${words.columns.quantity}`,
      );
    });
    expect(pdf.text).not.toContain('$');
    await expectClearLayout(data);
  });

  it('wraps long values, addresses and names in their columns, never over a label or past the margin', async () => {
    const longAddress = [
      'Attention of the receiving department, Goods Inward Bay 7',
      'A street whose name goes on for far longer than any sensible street name would',
      'Łódź 90-001',
    ];
    const slip: PackingSlip = {
      ...partial,
      number: `SH-${'0'.repeat(40)}42`,
      poNumber: 'PURCHASE-ORDER-2026-ACCOUNTS-PAYABLE-DEPARTMENT-000123',
      carrier: 'The Very Long Named International Parcel Carrier Company Worldwide Express',
      trackingNumber: `TRACK-${'1234567890'.repeat(5)}`,
      shipTo: {
        email: 'purchasing.team.of.the.workshop@an-extremely-long-company-domain.example.com',
        address: longAddress.join('\n'),
        phone: '+44 113 496 0000',
      },
      lines: [
        {
          sku: 'SKU-WITH-A-VERY-LONG-CODE-12345',
          name: `A tool whose name goes on: ${'hardened steel, '.repeat(12)}oiled`,
          quantity: 1_234_567,
        },
      ],
    };
    const data = await packingSlipPdf(slip, seller);
    const pdf = await readPdf(data);
    // A value too long for its column breaks where it must: its pieces, joined, are the value.
    const joined = pdf.text.replace(/\s+/g, '');
    for (const value of [
      slip.number,
      slip.poNumber,
      slip.carrier,
      slip.trackingNumber,
      slip.shipTo.email,
      ...longAddress,
      slip.lines[0]!.sku,
      slip.lines[0]!.name,
    ]) {
      expect(joined).toContain(value!.replace(/\s+/g, ''));
    }
    expect(pdf.text).toContain(`${words.totalUnits} 1,234,567`);

    // They did wrap: each of these takes more than one line of its column.
    const [page] = await textBoxes(data);
    const piecesOf = (value: string) =>
      page!.filter((box) => box.text.trim().length > 3 && value.includes(box.text.trim()));
    for (const value of [slip.number, longAddress[1]!, slip.shipTo.email, slip.lines[0]!.name]) {
      expect(piecesOf(value).length, value).toBeGreaterThan(1);
    }
    await expectClearLayout(data);
  });

  it('the layout check itself sees a label overprinted by the next (as the credit note once was)', async () => {
    const { doc, done } = await openDocument({});
    // A label that wraps in a narrow column, and the next one drawn a single line below it.
    doc.font(REGULAR).fontSize(9).text('Credit note number', 100, 100, { width: 60 });
    doc.text('Date of issue', 100, 115);
    doc.text('Beyond the right margin', PAGE.width - PAGE.margin - 20, 300, { lineBreak: false });
    doc.end();
    const [page] = await textBoxes(await done);
    expect(overprints(page!)).toEqual(["'number' over 'Date of issue'"]);
    expect(outsideMargins(page!).join(' ')).toMatch(/^Beyond the right/);
  });
});
