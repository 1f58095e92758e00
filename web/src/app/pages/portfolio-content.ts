/**
 * The dashboard's portfolio card (SPEC.md section 2: the site owner with skills and project
 * links), all of it in this one file so that the owner is changed in one place. A fictional
 * owner: the engineer who built this shop. Project addresses use the `.example` top-level domain,
 * reserved for examples (RFC 2606), so they can never lead to someone else's site.
 */

interface PortfolioProject {
  name: string;
  description: string;
  /** An absolute http(s) address: opened in a new tab. */
  url: string;
}

interface Portfolio {
  name: string;
  role: string;
  /** Where the owner works from. */
  location: string;
  bio: string;
  skills: readonly string[];
  projects: readonly PortfolioProject[];
}

export const portfolio: Portfolio = {
  name: 'Arif Chowdhury',
  role: 'Full-stack engineer, builder of Tools Factory',
  location: 'Chattogram, Bangladesh',
  bio: 'I grew up around my family’s forge and now write the software that sells its tools. I built this storefront end to end: the catalog, bulk ordering, card payments and the dashboard you are looking at. I care about pages that load fast on a workshop phone and forms that say clearly what went wrong.',
  skills: [
    'React',
    'TypeScript',
    'Node.js',
    'Fastify',
    'PostgreSQL',
    'TanStack Query',
    'Tailwind CSS',
    'Playwright',
    'Accessibility',
    'Payments',
  ],
  projects: [
    {
      name: 'Tools Factory storefront',
      description: 'Bulk ordering, card payments and an admin dashboard for a hand-tools maker.',
      url: 'https://tools-factory.example',
    },
    {
      name: 'Forge Stock',
      description: 'Stock counts and reorder alerts for a small workshop, working offline.',
      url: 'https://forge-stock.example',
    },
    {
      name: 'Quote Desk',
      description: 'Quotes for bulk buyers, from the first request to the accepted order.',
      url: 'https://quote-desk.example',
    },
  ],
};
