import { CardGrid } from '../../components/ui/card-grid';
import { CategoryBrowser } from '../../features/categories/components/category-browser';
import { ToolCard } from '../../features/tools/components/tool-card';

/**
 * /category/{slug} (issue 43): a category's tools with its facets (categories), each as the
 * home page's card (tools), leading to /purchase/{id}.
 */
export default function CategoryPage() {
  return (
    <CategoryBrowser
      renderTools={(tools) => (
        <CardGrid items={tools} className="sm:grid-cols-2 xl:grid-cols-3">
          {(tool) => <ToolCard tool={tool} />}
        </CardGrid>
      )}
    />
  );
}
