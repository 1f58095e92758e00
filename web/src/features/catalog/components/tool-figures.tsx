import { formatMoney, texts, type Tool } from '@tools-factory/contract';

interface ToolFiguresProps {
  tool: Tool;
  /** Classes of the list: its spacing. */
  className: string;
  /** Classes of the price: its size. */
  priceClassName: string;
  /** The quantity left is read out when it changes (the purchase page, where orders reserve it). */
  liveAvailable?: boolean;
}

/** A tool's price, minimum order and quantity available, each under its name. */
export function ToolFigures({
  tool,
  className,
  priceClassName,
  liveAvailable = false,
}: ToolFiguresProps) {
  return (
    <dl className={`grid grid-cols-[1fr_auto] gap-x-4 ${className}`}>
      <dt className="text-base-content/70">{texts.tool.price}</dt>
      <dd className={`text-accent text-right font-bold ${priceClassName}`}>
        {formatMoney(tool.price)}
      </dd>
      <dt className="text-base-content/70">{texts.tool.minOrderQuantity}</dt>
      <dd className="text-right font-semibold">{tool.minOrderQuantity}</dd>
      <dt className="text-base-content/70">{texts.tool.availableQuantity}</dt>
      <dd aria-live={liveAvailable ? 'polite' : undefined} className="text-right font-semibold">
        {tool.availableQuantity}
      </dd>
    </dl>
  );
}
