import type { Tool } from '@tools-factory/contract';
import { CardGrid } from '../../../components/ui/card-grid';
import { ToolCard } from './tool-card';

/**
 * The OUR TOOLS cards, in 1, 2 or 3 columns: a chunk of its own (tools-section.tsx), the
 * hydrating home page keeps the server's cards and runs none of this until a search changes them.
 */
export default function ToolsGrid({ tools }: { tools: Tool[] }) {
  return (
    <CardGrid items={tools} className="md:grid-cols-2 lg:grid-cols-3">
      {(tool) => <ToolCard tool={tool} />}
    </CardGrid>
  );
}
