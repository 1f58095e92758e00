import { routes, texts, type Tool } from '@tools-factory/contract';
import { Link } from 'react-router';
import { formatPrice } from '../../../lib/format';

interface ToolCardProps {
  tool: Tool;
}

/** One tool of the OUR TOOLS grid, with its figures and the way to order it in bulk. */
export function ToolCard({ tool }: ToolCardProps) {
  const titleId = `tool-${tool._id}-name`;
  return (
    <article
      aria-labelledby={titleId}
      className="card bg-base-100 border-base-300 w-full border shadow-sm transition-shadow hover:shadow-md"
    >
      <figure className="bg-base-200 aspect-[4/3]">
        <img
          src={tool.img}
          alt={tool.name}
          width={400}
          height={300}
          loading="lazy"
          decoding="async"
          className="h-full w-full object-contain p-4"
        />
      </figure>
      <div className="card-body gap-3">
        <h3 id={titleId} className="card-title text-lg">
          {tool.name}
        </h3>
        <p className="text-base-content/75 text-sm leading-relaxed">{tool.desc}</p>
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
          <dt className="text-base-content/70">{texts.tool.price}</dt>
          <dd className="text-accent text-right text-base font-bold">{formatPrice(tool.price)}</dd>
          <dt className="text-base-content/70">{texts.tool.minOrderQuantity}</dt>
          <dd className="text-right font-semibold">{tool.minOrderQuantity}</dd>
          <dt className="text-base-content/70">{texts.tool.availableQuantity}</dt>
          <dd className="text-right font-semibold">{tool.availableQuantity}</dd>
        </dl>
        <div className="card-actions mt-2">
          <Link to={routes.purchase(tool._id)} className="btn btn-primary btn-block">
            {texts.tool.purchase}
          </Link>
        </div>
      </div>
    </article>
  );
}
