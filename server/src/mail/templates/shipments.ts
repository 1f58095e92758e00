import { serverTexts } from '@tools-factory/contract';
import type { MailContent } from '../mailer.ts';
import { composeMail, formatCount, formatMailDateTime, type MailBlock } from './layout.ts';
import { myOrdersAction } from './order-document-mail.ts';

const words = serverTexts.shipmentMail;
const checkoutWords = serverTexts.mail.checkout;

/** A line as the shipment's e-mail names it: the tool as ordered, and a quantity. */
export type ShipmentMailLine = { name: string; sku: string; quantity: number; ordered: number };

/** What a shipment's e-mail says: which shipment, of which checkout, going where, how to follow. */
export type ShipmentMailFacts = {
  to: string;
  number: string;
  checkoutReference: string;
  poNumber: string;
  address: string;
  shippedAt: Date;
  carrier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
};

function linesBlock(caption: string, lines: readonly ShipmentMailLine[]): MailBlock {
  return {
    kind: 'lines',
    caption,
    items: lines.map((line) => ({
      title: line.name,
      details: [
        `${checkoutWords.lines.sku}: ${line.sku}`,
        words.quantity(
          line.quantity === line.ordered
            ? formatCount(line.quantity)
            : words.ofOrdered(formatCount(line.quantity), formatCount(line.ordered)),
        ),
      ],
    })),
  };
}

/**
 * Sent with every shipment (issue 42): exactly what is in it, what of the checkout is still to
 * come (or that nothing is), where it goes, and the carrier's tracking page when we know it.
 */
export function shipmentMail(
  facts: ShipmentMailFacts,
  shipped: readonly ShipmentMailLine[],
  stillToCome: readonly ShipmentMailLine[],
  options: { publicUrl: string },
): MailContent {
  const rows: [string, string][] = [
    [words.shipment, facts.number],
    [checkoutWords.reference, facts.checkoutReference],
  ];
  if (facts.poNumber) rows.push([checkoutWords.poNumber, facts.poNumber]);
  rows.push([checkoutWords.address, facts.address]);
  rows.push([serverTexts.packingSlip.shippedOn, formatMailDateTime(facts.shippedAt.toISOString())]);
  if (facts.carrier) rows.push([checkoutWords.shipped.carrier, facts.carrier]);
  if (facts.trackingNumber) rows.push([checkoutWords.shipped.trackingNumber, facts.trackingNumber]);
  return composeMail({
    to: facts.to,
    subject: words.subject(facts.number, facts.checkoutReference),
    blocks: [
      { kind: 'paragraph', text: words.body(facts.number, facts.checkoutReference) },
      linesBlock(words.shippedCaption, shipped),
      stillToCome.length > 0
        ? linesBlock(words.stillToComeCaption, stillToCome)
        : { kind: 'paragraph', text: words.allShipped },
      { kind: 'facts', rows },
      {
        kind: 'action',
        ...(facts.trackingUrl
          ? { label: words.track, url: facts.trackingUrl }
          : myOrdersAction(options.publicUrl)),
      },
    ],
  });
}
