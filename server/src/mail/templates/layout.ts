import {
  dateTimeFormat,
  dayFormat,
  dayStart,
  formatMoney,
  orderTotal,
  serverTexts,
  shellTexts,
  type Order,
} from '@tools-factory/contract';
import type { MailContent } from '../mailer.ts';

/**
 * What an e-mail says, in order: paragraphs, label-value rows (an order's figures) and one
 * button-like link. Each template lists its blocks; this file turns them into the plain-text and
 * HTML parts, so every e-mail looks alike and every value is escaped in one place.
 */
export type MailBlock =
  | { kind: 'paragraph'; text: string }
  | { kind: 'facts'; rows: readonly (readonly [label: string, value: string])[] }
  /**
   * A list of lines (a checkout's): each its title, its details ('SKU: ...', '40 × $6.25') under
   * it and its amount on the right, if any. A block per line rather than a table of columns: it
   * reads the same on a phone's 360 px as on a desktop, in any mail client.
   */
  | {
      kind: 'lines';
      caption: string;
      items: readonly { title: string; details: readonly string[]; amount?: string }[];
    }
  | { kind: 'action'; label: string; url: string }
  /** A closing line in small print, with a link after it (why an admin gets an e-mail). */
  | { kind: 'footnote'; text: string; link: { label: string; url: string } };

/** Text made safe for HTML: a tool name or address with `<script>` arrives as text. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Escaped, keeping the writer's line breaks (an address on several lines). */
const escapeLines = (text: string) => escapeHtml(text).replace(/\r?\n/g, '<br>');

/** The pages' styles (contract/src/dates.ts), in en-US and UTC: the reader's zone is unknown. */
const mailDateTimeFormat = dateTimeFormat('en-US', 'UTC');
const mailDayFormat = dayFormat('en-US');

/** A moment as e-mails show it, as the pages do: 'Nov 24, 2026, 12:46 AM UTC'. */
export function formatMailDateTime(iso: string): string {
  return serverTexts.mail.dateTime(mailDateTimeFormat.format(new Date(iso)));
}

/** A calendar day ('YYYY-MM-DD') as e-mails show it, as the pages do: 'Jun 30, 2099'. */
export function formatMailDay(day: string): string {
  return mailDayFormat.format(dayStart(day));
}

/**
 * Where the greeting goes in an e-mail composed without the reader's name: the outbox puts
 * 'Hello Dana,' there (the name of the account of the address written to) when it writes the
 * message, in the change's transaction (greetings.ts). A private-use character pair, so no
 * text typed by anyone can hold it.
 */
export const GREETING_SLOT = '\u{E000}greeting\u{E000}';

/** The greeting in the slot of both parts, for `name` ('' when no account has the address). */
export function fillGreeting<T extends MailContent>(message: T, name: string): T {
  const greeting = serverTexts.mail.greeting(name);
  return {
    ...message,
    text: message.text.replaceAll(GREETING_SLOT, greeting),
    html: message.html.replaceAll(GREETING_SLOT, escapeHtml(greeting)),
  };
}

/** A count as e-mails show it, as the pages do: '1,500' (the contract's one formatter). */
export { formatCount } from '@tools-factory/contract';

/** An order line's total (its unit price times its quantity) as e-mails show it: '$1,299.00'. */
export function formatOrderTotal(order: Pick<Order, 'price' | 'quantity'>): string {
  return formatMoney(orderTotal(order.price, order.quantity));
}

function textOf(block: MailBlock): string {
  switch (block.kind) {
    case 'paragraph':
      return block.text;
    case 'facts':
      // A value on several lines (an address) stays under its label, indented.
      return block.rows
        .map(([label, value]) => `${label}: ${value.replace(/\r?\n/g, '\n  ')}`)
        .join('\n');
    case 'lines':
      return [
        `${block.caption}:`,
        ...block.items.map(
          (item) =>
            `- ${[item.title, ...item.details].join(', ')}${item.amount ? `: ${item.amount}` : ''}`,
        ),
      ].join('\n');
    case 'action':
      return `${block.label}: ${block.url}`;
    case 'footnote':
      return `${block.text}\n${block.link.label}: ${block.link.url}`;
  }
}

const cell = 'padding:4px 12px 4px 0;vertical-align:top;text-align:left';

function htmlOf(block: MailBlock): string {
  switch (block.kind) {
    case 'paragraph':
      return `<p>${escapeLines(block.text)}</p>`;
    case 'facts':
      return `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">${block.rows
        .map(
          ([label, value]) =>
            `<tr><th scope="row" style="${cell};font-weight:600">${escapeHtml(label)}</th><td style="${cell}">${escapeLines(value)}</td></tr>`,
        )
        .join('')}</table>`;
    case 'lines':
      return `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px;width:100%"><caption style="text-align:left;font-weight:600;padding:0 0 4px">${escapeHtml(block.caption)}</caption>${block.items
        .map(
          (item) =>
            `<tr><td style="${cell};border-bottom:1px solid ${BRAND.rule}"><strong>${escapeHtml(item.title)}</strong>${item.details.map((detail) => `<br><span style="font-size:13px;color:${BRAND.muted}">${escapeHtml(detail)}</span>`).join('')}</td><td style="${cell};border-bottom:1px solid ${BRAND.rule};text-align:right;white-space:nowrap;font-weight:600">${escapeHtml(item.amount ?? '')}</td></tr>`,
        )
        .join('')}</table>`;
    case 'footnote':
      return `<p style="font-size:13px;color:${BRAND.muted}">${escapeLines(block.text)} <a href="${escapeHtml(block.link.url)}">${escapeHtml(block.link.label)}</a></p>`;
    case 'action':
      return `<p><a href="${escapeHtml(block.url)}" style="display:inline-block;padding:10px 18px;background:#1d4ed8;color:#ffffff;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(block.label)}</a></p><p style="font-size:13px;color:#555555;overflow-wrap:anywhere;word-break:break-all">${escapeHtml(block.url)}</p>`;
  }
}

/** The shop's colours, as its favicon and top bar have them: slate, and amber for 'Factory'. */
const BRAND = { ink: '#1f2937', accent: '#f59e0b', muted: '#6b7280', rule: '#e5e7eb' };

/** 'Tools Factory' on the brand's dark bar, the second word in amber (the top bar's look). */
function brandHeader(): string {
  const { first, second } = shellTexts.brand;
  return `<div style="background:${BRAND.ink};padding:14px 20px;border-radius:8px 8px 0 0"><span style="font-size:20px;font-weight:800;letter-spacing:-0.3px;color:#ffffff">${escapeHtml(first)} <span style="color:${BRAND.accent}">${escapeHtml(second)}</span></span></div>`;
}

/**
 * An e-mail from its blocks, under the shop's brand: greeting first, signature last, in both
 * parts. The greeting names `name` when given; without it, the outbox names the account of the
 * address written to when it takes the message (GREETING_SLOT).
 */
export function composeMail(options: {
  to: string;
  subject: string;
  blocks: readonly MailBlock[];
  name?: string;
}): MailContent {
  const { greeting, signature } = serverTexts.mail;
  const blocks: MailBlock[] = [
    {
      kind: 'paragraph',
      text: options.name === undefined ? GREETING_SLOT : greeting(options.name),
    },
    ...options.blocks,
    { kind: 'paragraph', text: signature },
  ];
  const text = blocks.map(textOf).join('\n\n');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(options.subject)}</title></head><body style="margin:0;padding:16px;background:#f3f4f6"><div style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:${BRAND.ink};max-width:600px;margin:0 auto">${brandHeader()}<div style="background:#ffffff;padding:8px 20px 16px;border:1px solid ${BRAND.rule};border-top:0;border-radius:0 0 8px 8px">${blocks.map(htmlOf).join('')}</div></div></body></html>`;
  return { to: options.to, subject: options.subject, text, html };
}

/**
 * The shape of most e-mails: a paragraph, a checkout's lines if any, the facts (label-value rows),
 * a paragraph after them if any (an attached document, a hold), one link, and a closing line if
 * any (why an admin gets it).
 */
export function factsMail(options: {
  to: string;
  subject: string;
  body: string;
  /** A checkout's lines (issue 26), before the facts. */
  table?: MailBlock;
  rows: readonly (readonly [label: string, value: string])[];
  note?: string;
  action: { label: string; url: string };
  footnote?: Omit<Extract<MailBlock, { kind: 'footnote' }>, 'kind'>;
}): MailContent {
  const { note, footnote, table } = options;
  return composeMail({
    to: options.to,
    subject: options.subject,
    blocks: [
      { kind: 'paragraph', text: options.body },
      ...(table ? [table] : []),
      { kind: 'facts', rows: options.rows },
      ...(note === undefined ? [] : [{ kind: 'paragraph', text: note } as const]),
      { kind: 'action', ...options.action },
      ...(footnote === undefined ? [] : [{ kind: 'footnote', ...footnote } as const]),
    ],
  });
}
