import { routes, serverTexts } from '@tools-factory/contract';
import type { MailContent } from '../mailer.ts';
import { factsMail, formatCount } from './layout.ts';

const words = serverTexts.mail.lowStock;

/** A tool whose stock an order took below its low-stock threshold, as the e-mail tells it. */
export type LowStockFacts = {
  toolName: string;
  /** Available once the order took its units. */
  availableQuantity: number;
  lowStockThreshold: number;
};

/**
 * Sent to an admin (an ADMIN_EMAILS address) once per crossing: when an order took the tool's
 * stock from at or above its threshold to below it.
 */
export function lowStockMail(
  facts: LowStockFacts,
  options: { publicUrl: string; to: string },
): MailContent {
  const available = formatCount(facts.availableQuantity);
  const threshold = formatCount(facts.lowStockThreshold);
  return factsMail({
    to: options.to,
    subject: words.subject(facts.toolName),
    body: words.body(facts.toolName, available, threshold),
    rows: [
      [words.tool, facts.toolName],
      [words.available, available],
      [words.threshold, threshold],
    ],
    action: { label: words.action, url: `${options.publicUrl}${routes.dashboardManageTools}` },
  });
}
