// homeTexts, not texts: the home page's cards print SKUs, and `texts` is not in its script.
import { homeTexts } from '@tools-factory/contract';

interface SkuTextProps {
  /** The tool's SKU; '' (an order from before SKUs) shows nothing. */
  sku: string;
  /** Classes of the line: its size (small by default) and where it sits. */
  className?: string;
}

/**
 * A tool's SKU as every page prints it: 'SKU HM-CLAW-16', small and muted beside the tool's name,
 * the code in a monospace face so that O and 0, l and 1 read apart when copied into an order.
 */
export function SkuText({ sku, className = 'text-xs' }: SkuTextProps) {
  if (sku === '') return null;
  return (
    <span className={`text-base-content/70 block ${className}`}>
      {homeTexts.tool.sku} <span className="font-mono break-all">{sku}</span>
    </span>
  );
}
