import { homeTexts, routes, type Tool } from '@tools-factory/contract';
import { Link } from 'react-router';
import { CardPicture } from '../../../components/ui/card-picture';
import { ToolFigures, ToolTitle } from './tool-figures';

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
      <CardPicture src={tool.img} alt={tool.name} imageClassName="object-contain p-4" />
      <div className="card-body gap-3">
        <ToolTitle tool={tool} id={titleId} on="card" />
        <p className="text-base-content/75 text-sm leading-relaxed">{tool.desc}</p>
        <ToolFigures
          tool={tool}
          className="gap-y-1 text-sm"
          priceClassName="text-base"
          fromLowestPrice
        />
        <div className="card-actions mt-2">
          <Link to={routes.purchase(tool._id)} className="btn btn-primary btn-block">
            {homeTexts.tool.purchase}
          </Link>
        </div>
      </div>
    </article>
  );
}
