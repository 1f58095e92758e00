import { texts, type Tool } from '@tools-factory/contract';
import { formatPrice } from '../../../lib/format';

interface ToolDetailsProps {
  tool: Tool;
}

/** A tool as the purchase page shows it: its picture, figures and description. */
export function ToolDetails({ tool }: ToolDetailsProps) {
  const titleId = `tool-${tool._id}-details`;
  return (
    <article
      aria-labelledby={titleId}
      className="card bg-base-100 border-base-300 border shadow-sm"
    >
      <figure className="bg-base-200 aspect-[4/3] max-h-80">
        {/* At the top of the page: loaded at once, not lazily. */}
        <img
          src={tool.img}
          alt={tool.name}
          width={400}
          height={300}
          decoding="async"
          className="h-full w-full object-contain p-6"
        />
      </figure>
      <div className="card-body gap-4">
        <h2 id={titleId} className="card-title text-2xl">
          {tool.name}
        </h2>
        <dl className="grid grid-cols-[1fr_auto] items-baseline gap-x-4 gap-y-2">
          <dt className="text-base-content/70">{texts.tool.price}</dt>
          <dd className="text-accent text-right text-lg font-bold">{formatPrice(tool.price)}</dd>
          <dt className="text-base-content/70">{texts.tool.minOrderQuantity}</dt>
          <dd className="text-right font-semibold">{tool.minOrderQuantity}</dd>
          <dt className="text-base-content/70">{texts.tool.availableQuantity}</dt>
          {/* Changes once an order reserves stock: read out to screen-reader users too. */}
          <dd aria-live="polite" className="text-right font-semibold">
            {tool.availableQuantity}
          </dd>
        </dl>
        <div>
          <h3 className="mb-1 font-semibold">{texts.purchase.description}</h3>
          <p className="text-base-content/80 leading-relaxed">{tool.desc}</p>
        </div>
      </div>
    </article>
  );
}
