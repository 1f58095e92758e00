// Categories and facets (issue 43): the category page, the home page's row of categories, and
// Manage Tools' Categories section with its refusals. Part of `texts` (texts.ts).

/** The category page and the home page's categories: apart, so the home page carries only these. */
export const categoryBrowseTexts = {
  /** The row of category links on the home page, and the home page's title above the limit. */
  title: 'Browse by category',
  /** The pseudo-category of every tool on sale (/category/all). */
  allTools: 'All tools',
  breadcrumb: 'Breadcrumb',
  home: 'Home',
  subcategories: 'Categories in this one',
  filters: 'Filters',
  /** The disclosure the filters collapse into on a phone. */
  showFilters: 'Filter and sort',
  clearFilters: 'Clear filters',
  /** Read after a chosen facet value by screen readers. */
  chosen: ', chosen',
  attributes: { brandLine: 'Brand line', size: 'Size', material: 'Material' },
  sortLabel: 'Sort by',
  sorts: { name: 'Name', price: 'Price: low to high', '-price': 'Price: high to low' },
  /** The sort form's button, for browsers without script (with script it sorts on change). */
  applySort: 'Sort',
  /** How many tools a category or a facet value holds. */
  toolCount: (count: number) => (count === 1 ? '1 tool' : `${count} tools`),
  /** Above the grid: which of the matches this page shows. */
  showing: (first: number, last: number, total: number) =>
    total === 0
      ? 'No tools'
      : total === 1
        ? 'Showing the one tool'
        : `Showing ${first}-${last} of ${total} tools`,
  noMatch: 'No tools match these filters',
  empty: 'No tools in this category yet',
  pagination: 'Pages',
  previous: 'Previous page',
  next: 'Next page',
  page: (page: number) => `Page ${page}`,
  /** On the home page above HOME_PAGE_TOOLS_LIMIT: the link under the first page. */
  seeAll: (total: number) => `See all ${total} tools`,
  pageTitle: (category: string, page: number) =>
    page > 1 ? `${category}, page ${page}` : category,
} as const;

export const categoryTexts = {
  browse: categoryBrowseTexts,
  /** The refusals of the category calls (`{ message, statusCode }` bodies). */
  errors: {
    /** 404: a slug no category has. */
    noSuchCategory: 'No such category',
    /** 404: a page past the last of a category's list. */
    noSuchPage: (page: number, pageCount: number) =>
      `There is no page ${page}: this list has ${pageCount === 1 ? '1 page' : `${pageCount} pages`}`,
    /** 400: a slug that is not lower-case letters and digits between single hyphens. */
    slugShape: 'slug must be lower-case letters and digits, with single hyphens between them',
    /** 400: the reserved slug of every tool (/category/all). */
    slugReserved: (slug: string) => `The slug ${slug} is kept for the list of every tool`,
    /** 409: a slug another category has. */
    slugTaken: (slug: string) => `Another category has the slug ${slug}`,
    /** 409: the name of a sibling. */
    nameTaken: (name: string) => `Another category under the same parent is named ${name}`,
    /** 400: a parent slug that names no category. */
    noSuchParent: (slug: string) => `There is no category ${slug} to put it under`,
    /** 409: a move under itself or one of its own sub-categories. */
    moveUnderItself: (name: string) =>
      `${name} cannot go under itself or one of its own sub-categories`,
    /** 409: a tree deeper than MAX_CATEGORY_DEPTH. */
    tooDeep: (depth: number) => `Categories go at most ${depth} levels deep`,
    /** 409: a delete of a category that still holds tools or sub-categories. */
    notEmpty: (name: string, tools: number, subcategories: number) =>
      `${name} is not empty: it holds ${[
        tools > 0 ? (tools === 1 ? '1 tool' : `${tools} tools`) : '',
        subcategories > 0
          ? subcategories === 1
            ? '1 sub-category'
            : `${subcategories} sub-categories`
          : '',
      ]
        .filter(Boolean)
        .join(' and ')}. Move them elsewhere first.`,
    /** 400 on Add Product and Edit Tool: a category slug that names no category. */
    toolCategoryUnknown: (slug: string) => `category: there is no category ${slug}`,
  },
  /** Manage Tools' Categories section. */
  manage: {
    title: 'Categories',
    intro: 'The tree buyers browse. A category can be deleted once it holds no tools.',
    none: 'No categories yet',
    name: 'Name',
    slug: 'Slug (in the address, optional)',
    parent: 'Under',
    topLevel: 'Top level',
    add: 'Add category',
    added: (name: string) => `${name} added`,
    rename: 'Rename',
    renameTitle: (name: string) => `Rename ${name}`,
    renamed: (name: string) => `Renamed to ${name}`,
    move: 'Move',
    moveTitle: (name: string) => `Move ${name}`,
    moved: (name: string) => `${name} moved`,
    save: 'Save',
    cancel: 'cancel',
    remove: 'Delete',
    removeTitle: (name: string) => `Delete ${name}?`,
    removeConfirm: 'Delete',
    removed: (name: string) => `${name} deleted`,
    /** The tool form's fields. */
    toolCategory: 'Category',
    noCategory: 'No category',
    brandLine: 'Brand line (optional)',
    size: 'Size (optional)',
    material: 'Material (optional)',
  },
} as const;
