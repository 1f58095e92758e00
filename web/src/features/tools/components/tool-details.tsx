import { memo } from 'react';
import { texts, type Tool } from '@tools-factory/contract';
import { CardPicture } from '../../../components/ui/card-picture';
import { PriceBreaksTable } from './price-breaks-table';
import { ToolFigures, ToolTitle } from './tool-figures';

interface ToolDetailsProps {
  tool: Tool;
  /** The quantity being ordered beside it: its row of the volume pricing stands out. */
  quantity?: number | null;
}

/**
 * A tool as the purchase page shows it: its picture, figures, volume pricing and description.
 * Memoized: the page renders again when the sign-in is known, with the same tool and quantity.
 */
export const ToolDetails = memo(function ToolDetails({ tool, quantity = null }: ToolDetailsProps) {
  const titleId = `tool-${tool._id}-details`;
  return (
    <article
      aria-labelledby={titleId}
      className="card bg-base-100 border-base-300 border shadow-sm"
    >
      <CardPicture
        src={tool.img}
        alt={tool.name}
        imageClassName="object-contain p-6"
        className="max-h-80"
        eager
      />
      <div className="card-body gap-4">
        <ToolTitle tool={tool} id={titleId} on="page" />
        {/* The quantity changes once an order reserves stock: read out to screen-reader users too. */}
        <ToolFigures
          tool={tool}
          className="items-baseline gap-y-2"
          priceClassName="text-lg"
          liveAvailable
        />
        <PriceBreaksTable tool={tool} quantity={quantity} />
        <div>
          <h3 className="mb-1 font-semibold">{texts.purchase.description}</h3>
          <p className="text-base-content/80 leading-relaxed">{tool.desc}</p>
        </div>
      </div>
    </article>
  );
});
