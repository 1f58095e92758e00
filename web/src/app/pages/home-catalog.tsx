import {
  ALL_TOOLS_SLUG,
  categoryPagePath,
  homeTexts,
  categoryBrowseTexts,
} from '@tools-factory/contract';
import { Suspense } from 'react';
import { Link } from 'react-router';
import { CardGrid } from '../../components/ui/card-grid';
import { QueryBoundary } from '../../components/ui/query-boundary';
import { Section } from '../../components/ui/section';
import { useCategories } from '../../features/categories/api/get-categories';
import { useCategoryTools } from '../../features/categories/api/get-category-tools';
import { CategoryCards, CategoryLinks } from '../../features/categories/components/category-links';
import { ToolCard } from '../../features/tools/components/tool-card';
import { ToolsSection } from '../../features/tools/components/tools-section';
import { lazyPart } from '../../lib/server-html';

/** The box that searches on the server: only above the limit, so a chunk of its own. */
const ToolSearchForm = lazyPart(() =>
  import('../../features/tools/components/tool-search-form').then(
    (module) => module.ToolSearchForm,
  ),
);

const words = categoryBrowseTexts;

/**
 * The home page's tools (issue 43). At most HOME_PAGE_TOOLS_LIMIT on sale: a row of category
 * links, then OUR TOOLS with every tool, as SPEC.md has it. Above it: OUR TOOLS shows the box
 * that searches on the server (/search?q=), the categories and the first page of every tool,
 * each page of a category one link away.
 */
export function HomeCatalog() {
  const categories = useCategories();
  // An answer that is no tree (a server from before categories) leaves the page as SPEC.md has it.
  const tree = Array.isArray(categories.data?.categories) ? categories.data : undefined;
  if (tree && !tree.homeShowsEveryTool) {
    return (
      <Section id="tools" title={homeTexts.home.toolsTitle}>
        <Suspense fallback={null}>
          <ToolSearchForm />
        </Suspense>
        <CategoryCards categories={tree.categories} />
        <FirstPage />
      </Section>
    );
  }
  // Until the tree is known (a visit that began on another page: the server's pages carry it)
  // and when it failed, the home page is as SPEC.md has it.
  return (
    <>
      {tree ? <CategoryLinks categories={tree.categories} /> : null}
      <ToolsSection />
    </>
  );
}

/** The first page of every tool, by name, and the way to the rest. */
function FirstPage() {
  const page = useCategoryTools(ALL_TOOLS_SLUG, '');
  return (
    <QueryBoundary query={page}>
      {(found) => (
        <>
          <CardGrid items={found.tools} className="md:grid-cols-2 lg:grid-cols-3">
            {(tool) => <ToolCard tool={tool} />}
          </CardGrid>
          <div className="mt-8 text-center">
            <Link to={categoryPagePath(ALL_TOOLS_SLUG)} className="btn btn-primary">
              {words.seeAll(found.total)}
            </Link>
          </div>
        </>
      )}
    </QueryBoundary>
  );
}
