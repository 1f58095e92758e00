import { dashboardPageNames } from './shell-texts.ts';

/** The pages around the shop's own: About, Blogs, a page not found, and the dashboard's frame. */
export const siteTexts = {
  about: {
    title: 'ABOUT',
    body: 'Tools Factory forges, grinds and finishes hand tools in its own workshops: hammers, wrenches, pliers, saws, chisels and measuring tools. Every batch is checked by hand before it leaves the house, and we ship in bulk to hardware stores, builders and workshops in more than forty countries. Order by the crate, and we make sure each tool earns its place in the box.',
  },
  blogs: {
    title: 'BLOGS',
    posts: [
      {
        question: 'How does state work in React?',
        answer:
          'State is data a component owns and remembers between renders. You read it from useState or useReducer and change it only through the setter the hook gives you. Calling the setter schedules a new render: React runs the component again with the new value and updates just the parts of the page that changed.',
      },
      {
        question: 'What are the different ways to manage state in a React application?',
        answer:
          'Local state (useState, useReducer) for what one component needs; lifting state up to a common parent when siblings share it; context for values many components read, such as the signed-in user; a server-state library such as TanStack Query for data fetched from an API, with caching and refetching; the URL for filters and pages; and a store such as Redux or Zustand when many distant parts of the app change the same data.',
      },
      {
        question: 'How does prototypal inheritance work, and how does it relate to classes?',
        answer:
          'Every JavaScript object has a hidden link to another object, its prototype. When a property is not found on the object itself, the engine follows that link, and the next one, until it finds the property or reaches null. The class keyword is a friendlier syntax over the same mechanism: methods live on the prototype and every instance shares them.',
      },
      {
        question: 'Why should you not set the state directly, as in products = [...]?',
        answer:
          'Assigning to the variable changes only a local copy: React does not know anything happened, so it will not render again, and the next render throws the change away. Mutating the array in place is just as bad, because React compares old and new values by reference and sees no difference. Call the setter with a new array, for example setProducts([...products, tool]).',
      },
      {
        question: 'What is a unit test and why should you write unit tests?',
        answer:
          'A unit test checks one small piece of code, a function or a component, on its own, with fast and repeatable inputs. Tests catch mistakes while the code is still fresh in your mind, let you change code without fear of silently breaking it, and document how each piece is meant to behave. In React, Vitest or Jest with Testing Library render a component and check what the user would see.',
      },
    ],
  },
  placeholder: 'This page is on its way and will be ready in an upcoming release.',
  notFound: 'This page is not Found',
  dashboard: {
    title: 'Dashboard',
    signedInAs: 'Signed in as',
    portfolio: 'Protfolio',
    ...dashboardPageNames,
    allUsers: 'ALL USERS',
    /** The drawer's toggle below md (the sidebar becomes a drawer on small screens). */
    openMenu: 'Open dashboard menu',
    closeMenu: 'Close dashboard menu',
    /** An admin page opened by a customer (the server refuses its calls too). */
    adminsOnlyTitle: 'Admins only',
    adminsOnly: 'Only admins can see this page.',
    backToDashboard: 'Back to the dashboard',
  },
  /** The dashboard's index: the site owner's card (its content lives in one web file). */
  portfolio: {
    skills: 'Skills',
    projects: 'Projects',
    opensInNewTab: '(opens in a new tab)',
  },
} as const;
