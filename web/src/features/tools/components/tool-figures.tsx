import { formatMoney, homeTexts, lowestUnitPrice, type Tool } from '@tools-factory/contract';
import { formatCount } from '../../../lib/format';

interface ToolFiguresProps {
  tool: Tool;
  /** Classes of the list: its spacing. */
  className: string;
  /** Classes of the price: its size. */
  priceClassName: string;
  /** The quantity left is read out when it changes (the purchase page, where orders reserve it). */
  liveAvailable?: boolean;
  /** The price as 'from $10.99' (its lowest unit price) when the tool has price breaks: a card. */
  fromLowestPrice?: boolean;
}

/** How a tool's name and SKU look on its card (home page) and its own page (purchase page). */
const TITLE_LOOK = {
  card: { heading: 'h3', name: 'text-lg', sku: 'mt-0.5 text-xs' },
  page: { heading: 'h2', name: 'text-2xl', sku: 'mt-1 text-sm' },
} as const;

/**
 * A tool's name, the heading `id` names its article by, and its SKU under it (the SKU in
 * components/ui/sku-text.tsx's look, written here so that the home page loads it with the
 * figures: a module of its own, shared with the dashboard's pages, became one more script before
 * the home page's first interaction, beyond its budget).
 */
export function ToolTitle({
  tool,
  id,
  on,
}: {
  tool: Pick<Tool, 'name' | 'sku'>;
  id: string;
  on: keyof typeof TITLE_LOOK;
}) {
  const look = TITLE_LOOK[on];
  const Heading = look.heading;
  return (
    <div>
      <Heading id={id} className={`card-title ${look.name}`}>
        {tool.name}
      </Heading>
      <span className={`text-base-content/70 block ${look.sku}`}>
        {homeTexts.tool.sku} <span className="font-mono break-all">{tool.sku}</span>
      </span>
    </div>
  );
}

/** A tool's price, minimum order and quantity available, each under its name. */
export function ToolFigures({
  tool,
  className,
  priceClassName,
  liveAvailable = false,
  fromLowestPrice = false,
}: ToolFiguresProps) {
  const price =
    fromLowestPrice && tool.priceBreaks.length > 0
      ? homeTexts.tool.fromPrice(formatMoney(lowestUnitPrice(tool)))
      : formatMoney(tool.price);
  return (
    <dl className={`grid grid-cols-[1fr_auto] gap-x-4 ${className}`}>
      <dt className="text-base-content/70">{homeTexts.tool.price}</dt>
      <dd className={`text-accent text-right font-bold ${priceClassName}`}>{price}</dd>
      <dt className="text-base-content/70">{homeTexts.tool.minOrderQuantity}</dt>
      <dd className="text-right font-semibold">{formatCount(tool.minOrderQuantity)}</dd>
      <dt className="text-base-content/70">{homeTexts.tool.availableQuantity}</dt>
      <dd aria-live={liveAvailable ? 'polite' : undefined} className="text-right font-semibold">
        {formatCount(tool.availableQuantity)}
      </dd>
    </dl>
  );
}
