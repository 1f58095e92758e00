import { texts } from '@tools-factory/contract';
import { ErrorState } from '../../../components/ui/error-state';
import { Section } from '../../../components/ui/section';
import { Spinner } from '../../../components/ui/spinner';
import { useTools } from '../api/get-tools';
import { ToolCard } from './tool-card';

/** OUR TOOLS: the catalog in 1, 2 or 3 columns. */
export function ToolsSection() {
  const tools = useTools();
  return (
    <Section id="tools" title={texts.home.toolsTitle}>
      {tools.isPending ? (
        <Spinner />
      ) : tools.isError ? (
        <ErrorState message={tools.error.message} onRetry={() => void tools.refetch()} />
      ) : (
        <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
          {tools.data.map((tool) => (
            <li key={tool._id} className="flex">
              <ToolCard tool={tool} />
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
