import { categoryPagePath, type Category, categoryBrowseTexts } from '@tools-factory/contract';
import { Link } from 'react-router';

const words = categoryBrowseTexts;

/** The top-level categories as a row of links, each with its tools on sale (the home page). */
export function CategoryLinks({ categories }: { categories: readonly Category[] }) {
  const topLevel = categories.filter((category) => category.depth === 1);
  if (topLevel.length === 0) return null;
  return (
    <nav aria-label={words.title} className="mx-auto max-w-7xl px-4 pt-10">
      <h2 className="text-base-content/70 mb-3 text-center text-sm font-semibold tracking-wide uppercase">
        {words.title}
      </h2>
      <CategoryPills categories={topLevel} className="justify-center" />
    </nav>
  );
}

/** Categories as a row of pill links, each with its tools on sale (read out as words). */
export function CategoryPills({
  categories,
  className = '',
}: {
  categories: readonly { slug: string; name: string; toolCount: number }[];
  className?: string;
}) {
  return (
    <ul className={`flex flex-wrap gap-2 ${className}`}>
      {categories.map((category) => (
        <li key={category.slug}>
          <Link
            to={categoryPagePath(category.slug)}
            className="btn btn-sm btn-outline rounded-full normal-case"
          >
            {category.name}
            <span className="badge badge-sm badge-ghost" aria-hidden="true">
              {category.toolCount}
            </span>
            <span className="sr-only">{`, ${words.toolCount(category.toolCount)}`}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * The top-level categories as cards (the home page above HOME_PAGE_TOOLS_LIMIT), each naming
 * the categories in it.
 */
export function CategoryCards({ categories }: { categories: readonly Category[] }) {
  const topLevel = categories.filter((category) => category.depth === 1);
  return (
    <ul className="mb-10 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {topLevel.map((category) => {
        const children = categories.filter((child) => child.parent === category.slug);
        return (
          <li key={category._id} className="card bg-base-100 border-base-300 border shadow-sm">
            <div className="card-body gap-2 p-5">
              <h3 className="card-title text-lg">
                <Link to={categoryPagePath(category.slug)} className="link link-hover">
                  {category.name}
                </Link>
              </h3>
              <p className="text-base-content/70 text-sm">{words.toolCount(category.toolCount)}</p>
              {children.length > 0 ? (
                <ul className="flex flex-wrap gap-x-3 gap-y-1 text-sm">
                  {children.map((child) => (
                    <li key={child._id}>
                      <Link to={categoryPagePath(child.slug)} className="link">
                        {child.name}
                      </Link>
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
