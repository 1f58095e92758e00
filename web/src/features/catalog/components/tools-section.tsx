import { texts } from '@tools-factory/contract';
import { CardGrid } from '../../../components/ui/card-grid';
import { QueryBoundary } from '../../../components/ui/query-boundary';
import { Section } from '../../../components/ui/section';
import { useTools } from '../api/get-tools';
import { ToolCard } from './tool-card';

/** OUR TOOLS: the catalog in 1, 2 or 3 columns. */
export function ToolsSection() {
  const tools = useTools();
  return (
    <Section id="tools" title={texts.home.toolsTitle}>
      <QueryBoundary query={tools}>
        {(items) => (
          <CardGrid items={items} className="md:grid-cols-2 lg:grid-cols-3">
            {(tool) => <ToolCard tool={tool} />}
          </CardGrid>
        )}
      </QueryBoundary>
    </Section>
  );
}
