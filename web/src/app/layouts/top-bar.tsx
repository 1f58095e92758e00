import { routes, shellTexts } from '@tools-factory/contract';
import { memo, useCallback, useEffect, useId, useState, type ReactNode } from 'react';
import { NavLink } from 'react-router';
import { BrandLink } from '../../components/ui/brand-link';
import { CloseIcon, MenuIcon } from '../../components/ui/icons';

interface TopBarProps {
  /** Switches LOGIN for DASHBOARD and SIGN OUT (SPEC.md section 2, top bar). */
  signedIn?: boolean;
  /** While the sign-in is being read: neither LOGIN nor SIGN OUT, so neither flashes. */
  accountPending?: boolean;
  onSignOut?: () => void;
  /** Beside the menu, always in sight: the signed-in customer's cart link (issue 26). */
  cartLink?: ReactNode;
}

interface NavItem {
  to: string;
  label: string;
  end?: boolean;
}

const publicItems: NavItem[] = [
  { to: routes.home, label: shellTexts.nav.home, end: true },
  { to: routes.about, label: shellTexts.nav.about },
  { to: routes.blogs, label: shellTexts.nav.blogs },
];

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-field px-3 py-2 text-sm font-semibold tracking-wide transition-colors hover:bg-white/10 ${
    isActive ? 'text-primary' : ''
  }`;

/** The bar's links, in the row (md and up) and in the menu; memoized, as the bar is. */
const NavItems = memo(function NavItems({
  signedIn,
  accountPending,
  onSignOut,
  onNavigate,
}: TopBarProps & { onNavigate?: () => void }) {
  return (
    <>
      {publicItems.map((item) => (
        <li key={item.to}>
          <NavLink
            to={item.to}
            end={item.end ?? false}
            className={navLinkClass}
            onClick={onNavigate}
          >
            {item.label}
          </NavLink>
        </li>
      ))}
      {accountPending ? (
        // Holds LOGIN's place, unseen, so that the bar does not shift when the answer comes.
        <li aria-hidden="true" className="invisible">
          <span className="btn btn-sm ml-0 md:ml-2">{shellTexts.nav.login}</span>
        </li>
      ) : signedIn ? (
        <>
          <li>
            <NavLink to={routes.dashboard} className={navLinkClass} onClick={onNavigate}>
              {shellTexts.nav.dashboard}
            </NavLink>
          </li>
          <li>
            <button
              type="button"
              className="btn btn-outline btn-primary btn-sm ml-0 md:ml-2"
              onClick={() => {
                onNavigate?.();
                onSignOut?.();
              }}
            >
              {shellTexts.nav.signOut}
            </button>
          </li>
        </>
      ) : (
        <li>
          <NavLink
            to={routes.login}
            className={({ isActive }) =>
              `btn btn-primary btn-sm ml-0 md:ml-2 ${isActive ? 'btn-active' : ''}`
            }
            onClick={onNavigate}
          >
            {shellTexts.nav.login}
          </NavLink>
        </li>
      )}
    </>
  );
});

/**
 * The site's top bar: brand, HOME, ABOUT, BLOGS and the account link; a toggled menu below md.
 * Memoized, its links too: it renders again only when what it shows changes, not for every
 * answer the shell gets after hydrating (issue 27: each render is main-thread time on a phone).
 */
export const TopBar = memo(function TopBar({
  signedIn = false,
  accountPending = false,
  onSignOut,
  cartLink,
}: TopBarProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const closeMenu = useCallback(() => setMenuOpen(false), []);

  useEffect(() => {
    if (!menuOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    window.addEventListener('keydown', closeOnEscape);
    return () => window.removeEventListener('keydown', closeOnEscape);
  }, [menuOpen]);

  return (
    <header className="bg-neutral text-neutral-content sticky top-0 z-40 shadow-md">
      <nav aria-label={shellTexts.nav.mainNavigation} className="mx-auto max-w-7xl px-4">
        <div className="flex h-16 items-center justify-between gap-4">
          <BrandLink className="md:text-2xl" onClick={closeMenu} />

          <div className="flex items-center gap-1">
            <ul className="hidden items-center gap-1 md:flex">
              <NavItems signedIn={signedIn} accountPending={accountPending} onSignOut={onSignOut} />
            </ul>
            {signedIn ? cartLink : null}

            <button
              type="button"
              className="btn btn-ghost btn-square text-neutral-content hover:bg-white/10 md:hidden"
              aria-label={menuOpen ? shellTexts.nav.closeMenu : shellTexts.nav.openMenu}
              aria-expanded={menuOpen}
              aria-controls={menuId}
              onClick={() => setMenuOpen((open) => !open)}
            >
              {menuOpen ? (
                <CloseIcon className="text-xl" aria-hidden="true" />
              ) : (
                <MenuIcon className="text-xl" aria-hidden="true" />
              )}
            </button>
          </div>
        </div>

        <ul
          id={menuId}
          hidden={!menuOpen}
          className="flex flex-col gap-1 border-t border-white/10 py-3 md:hidden"
        >
          <NavItems
            signedIn={signedIn}
            accountPending={accountPending}
            onSignOut={onSignOut}
            onNavigate={closeMenu}
          />
        </ul>
      </nav>
    </header>
  );
});
