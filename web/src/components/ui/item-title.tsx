import type { ReactNode } from 'react';
import { SkuText } from './sku-text';
import { Thumbnail } from './thumbnail';

interface ItemTitleProps {
  /** A tool, or a tool as it was ordered: its picture, name and SKU. */
  item: { img: string; name: string; sku: string };
  /** The name's id: the row's buttons are described by it. */
  nameId: string;
  className?: string;
  /** What else tells the item apart, under its name and SKU. */
  children?: ReactNode;
}

/** A list row's picture, name and SKU, and what else tells the item apart. */
export function ItemTitle({ item, nameId, className = '', children }: ItemTitleProps) {
  return (
    <div className={`flex gap-3 ${className}`}>
      <Thumbnail src={item.img} size="sm" lazy />
      <div className="min-w-0">
        <span id={nameId} className="block font-semibold break-words">
          {item.name}
        </span>
        <SkuText sku={item.sku} />
        {children}
      </div>
    </div>
  );
}
