import { CardGrid } from '../../components/ui/card-grid';
import { CategoryBrowser } from '../../features/categories/components/category-browser';
import { ToolCard } from '../../features/tools/components/tool-card';
import { ToolSearchForm } from '../../features/tools/components/tool-search-form';

/**
 * /category/{slug} (issue 43): a category's tools with its facets (categories), each as the
 * home page's card (tools), leading to /purchase/{id}; above it, the box that searches the whole
 * catalog on the server (tools).
 */
export default function CategoryPage() {
  return (
    <>
      <div className="mx-auto max-w-7xl px-4 pt-8">
        <ToolSearchForm />
      </div>
      <CategoryBrowser
        renderTools={(tools) => (
          <CardGrid items={tools} className="sm:grid-cols-2 xl:grid-cols-3">
            {(tool) => <ToolCard tool={tool} />}
          </CardGrid>
        )}
      />
    </>
  );
}
