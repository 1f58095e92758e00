import {
  CATEGORY_SORTS,
  categoryPagePath,
  categoryToolsSearch,
  FACET_ATTRIBUTES,
  noFilters,
  readCategoryToolsQuery,
  routes,
  toggleFacetValue,
  type CategoryPageQuery,
  type CategorySort,
  type CategoryToolsPage,
  type FacetAttribute,
  type Tool,
  categoryTexts,
} from '@tools-factory/contract';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { NotFound } from '../../../components/ui/not-found';
import { QueryBoundary } from '../../../components/ui/query-boundary';
import { isApiError } from '../../../lib/api-client';
import { pageTitle, useDocumentTitle } from '../../../lib/document-title';
import { useCategoryTools } from '../api/get-category-tools';
import { CategoryPills } from './category-links';

const words = categoryTexts.browse;

interface CategoryBrowserProps {
  /** The cards of a page's tools (the tools feature's, handed in by the page). */
  renderTools: (tools: Tool[]) => ReactNode;
}

/**
 * /category/{slug}: the category's breadcrumb and sub-categories, its facets as links (each a URL
 * a buyer can share, working without script), the sort, a page of tools and the pages. On a
 * phone the facets and sort fold into a disclosure.
 */
export function CategoryBrowser({ renderTools }: CategoryBrowserProps) {
  const { slug = '' } = useParams();
  const [searchParams] = useSearchParams();
  const query = readCategoryToolsQuery(searchParams);
  const page = useCategoryTools(slug, categoryToolsSearch(query));
  useDocumentTitle(
    page.data ? pageTitle(words.pageTitle(page.data.category.name, page.data.page)) : null,
  );
  return (
    <QueryBoundary
      query={page}
      renderError={(error) =>
        isApiError(error) && error.status === 404 ? <NotFound title={error.message} /> : undefined
      }
      errorClassName="px-4 py-16"
    >
      {(found) => <CategoryContent page={found} query={query} renderTools={renderTools} />}
    </QueryBoundary>
  );
}

function CategoryContent({
  page,
  query,
  renderTools,
}: {
  page: CategoryToolsPage;
  query: CategoryPageQuery;
  renderTools: (tools: Tool[]) => ReactNode;
}) {
  const { slug } = page.category;
  const first = (page.page - 1) * page.pageSize + 1;
  const last = first + page.tools.length - 1;
  const filtered = FACET_ATTRIBUTES.some((attribute) => query.filters[attribute].length > 0);
  return (
    <section className="mx-auto w-full max-w-7xl px-4 py-8 md:py-10">
      <nav aria-label={words.breadcrumb} className="mb-2 text-sm">
        <ol className="flex flex-wrap items-center gap-x-2 gap-y-1">
          {[{ slug: '', name: words.home }, ...page.breadcrumb].map((link) => (
            <li key={link.slug} className="flex items-center gap-2">
              <Link
                to={link.slug ? categoryPagePath(link.slug) : routes.home}
                className="link link-hover"
              >
                {link.name}
              </Link>
              <span aria-hidden="true" className="text-base-content/75">
                ›
              </span>
            </li>
          ))}
          <li aria-current="page" className="font-medium">
            {page.category.name}
          </li>
        </ol>
      </nav>
      <h1 className="text-3xl font-bold">{page.category.name}</h1>
      <p role="status" className="text-base-content/70 mt-1 mb-4 text-sm">
        {words.showing(page.total === 0 ? 0 : first, last, page.total)}
      </p>
      {page.subcategories.length > 0 ? (
        <nav aria-label={words.subcategories} className="mb-6">
          <CategoryPills categories={page.subcategories} />
        </nav>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-[16rem_1fr]">
        {/* A phone folds the filters away; a wide screen shows them beside the tools. */}
        <details className="border-base-300 bg-base-100 rounded-box border lg:hidden">
          <summary className="cursor-pointer px-4 py-3 font-semibold">{words.showFilters}</summary>
          <div className="px-4 pb-4">
            <Filters page={page} query={query} />
          </div>
        </details>
        <aside aria-label={words.filters} className="hidden lg:block">
          <Filters page={page} query={query} />
        </aside>
        <div>
          {page.tools.length === 0 ? (
            <div className="border-base-300 rounded-box border p-8 text-center">
              <p className="mb-4">{filtered ? words.noMatch : words.empty}</p>
              {filtered ? (
                <Link to={categoryPagePath(slug)} className="btn btn-primary btn-sm">
                  {words.clearFilters}
                </Link>
              ) : null}
            </div>
          ) : (
            renderTools(page.tools)
          )}
          <Pagination page={page} query={query} />
        </div>
      </div>
    </section>
  );
}

/** The sort, then each facet's values as links that add or leave out the value. */
function Filters({ page, query }: { page: CategoryToolsPage; query: CategoryPageQuery }) {
  const { slug } = page.category;
  const filtered = FACET_ATTRIBUTES.some((attribute) => query.filters[attribute].length > 0);
  return (
    <div className="flex flex-col gap-5">
      <SortForm slug={slug} query={query} />
      {FACET_ATTRIBUTES.map((attribute) => (
        <Facet key={attribute} attribute={attribute} page={page} query={query} />
      ))}
      {filtered ? (
        <Link
          to={categoryPagePath(slug, { ...query, filters: noFilters(), page: 1 })}
          className="link text-sm"
        >
          {words.clearFilters}
        </Link>
      ) : null}
    </div>
  );
}

function Facet({
  attribute,
  page,
  query,
}: {
  attribute: FacetAttribute;
  page: CategoryToolsPage;
  query: CategoryPageQuery;
}) {
  const values = page.facets[attribute];
  if (values.length === 0) return null;
  const headingId = `facet-${attribute}`;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-2 text-sm font-semibold tracking-wide uppercase">
        {words.attributes[attribute]}
      </h2>
      <ul className="flex flex-col gap-1">
        {values.map((value) => (
          <li key={value.value}>
            <Link
              to={categoryPagePath(
                page.category.slug,
                toggleFacetValue(query, attribute, value.value),
              )}
              rel="nofollow"
              aria-current={value.selected ? 'true' : undefined}
              className={`flex items-center gap-2 rounded px-1 py-1 text-sm hover:bg-base-200 ${
                value.count === 0 && !value.selected ? 'text-base-content/75' : ''
              }`}
            >
              <span
                aria-hidden="true"
                className={`checkbox checkbox-xs checkbox-primary ${value.selected ? 'checkbox-checked' : ''}`}
              >
                {value.selected ? '✓' : ''}
              </span>
              <span className="grow">{value.label}</span>
              <span className="badge badge-sm badge-ghost">{value.count}</span>
              <span className="sr-only">{value.selected ? words.chosen : ''}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The sort: a form that works without script (its button sends it, the facets kept as hidden
 * fields); with script a choice navigates at once.
 */
function SortForm({ slug, query }: { slug: string; query: CategoryPageQuery }) {
  const navigate = useNavigate();
  return (
    <form method="get" action={categoryPagePath(slug)} className="flex items-end gap-2">
      {FACET_ATTRIBUTES.flatMap((attribute) =>
        query.filters[attribute].map((value) => (
          <input key={`${attribute}-${value}`} type="hidden" name={attribute} value={value} />
        )),
      )}
      <label className="form-control grow">
        <span className="label-text mb-1 text-sm font-semibold">{words.sortLabel}</span>
        <select
          name="sort"
          className="select select-bordered select-sm w-full"
          value={query.sort}
          onChange={(event) =>
            void navigate(
              categoryPagePath(slug, {
                ...query,
                sort: event.target.value as CategorySort,
                page: 1,
              }),
            )
          }
        >
          {CATEGORY_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {words.sorts[sort]}
            </option>
          ))}
        </select>
      </label>
      <noscript>
        <button type="submit" className="btn btn-sm">
          {words.applySort}
        </button>
      </noscript>
    </form>
  );
}

/** Previous, the pages around this one, Next: links, so each page has its URL. */
function Pagination({ page, query }: { page: CategoryToolsPage; query: CategoryPageQuery }) {
  if (page.pageCount <= 1) return null;
  const link = (number: number) => categoryPagePath(page.category.slug, { ...query, page: number });
  const shown = [...new Set([1, page.page - 1, page.page, page.page + 1, page.pageCount])]
    .filter((number) => number >= 1 && number <= page.pageCount)
    .sort((a, b) => a - b);
  return (
    <nav aria-label={words.pagination} className="mt-8 flex justify-center">
      <ul className="join">
        {page.page > 1 ? (
          <li>
            <Link to={link(page.page - 1)} className="join-item btn btn-sm" rel="prev">
              <span aria-hidden="true">«</span>
              <span className="sr-only">{words.previous}</span>
            </Link>
          </li>
        ) : null}
        {shown.map((number) => (
          <li key={number}>
            <Link
              to={link(number)}
              aria-label={words.page(number)}
              aria-current={number === page.page ? 'page' : undefined}
              className={`join-item btn btn-sm ${number === page.page ? 'btn-primary' : ''}`}
            >
              {number}
            </Link>
          </li>
        ))}
        {page.page < page.pageCount ? (
          <li>
            <Link to={link(page.page + 1)} className="join-item btn btn-sm" rel="next">
              <span aria-hidden="true">»</span>
              <span className="sr-only">{words.next}</span>
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
