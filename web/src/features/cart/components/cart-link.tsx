import { routes, shellTexts } from '@tools-factory/contract';
import { useDeferredValue } from 'react';
import { NavLink } from 'react-router';
import { CartIcon } from '../../../components/ui/icons';
import { useCart } from '../api/get-cart';

interface CartLinkProps {
  /** The link's own classes (the top bar's and the dashboard header's differ). */
  className?: string;
}

/**
 * The link to /cart with the cart's line count, for a signed-in customer (the caller renders it
 * only for them: the cart is asked for only then). The count is the cart query's, so it follows
 * every change made anywhere on the page.
 */
export function CartLink({ className = '' }: CartLinkProps) {
  const cart = useCart();
  // Its first answer re-renders as a transition, not in the query's own update (issue 27).
  const lines = useDeferredValue(cart.data?.lines.length);
  return (
    <NavLink
      to={routes.cart}
      aria-label={lines === undefined ? shellTexts.nav.cart : shellTexts.nav.cartLabel(lines)}
      className={({ isActive }) =>
        `rounded-field inline-flex shrink-0 items-center gap-1.5 px-3 py-2 text-sm font-semibold tracking-wide transition-colors hover:bg-white/10 ${
          isActive ? 'text-primary' : ''
        } ${className}`
      }
    >
      <CartIcon className="text-lg" aria-hidden="true" />
      <span>{shellTexts.nav.cart}</span>
      {lines === undefined ? null : (
        <span className="badge badge-primary badge-sm min-w-6 tabular-nums" aria-hidden="true">
          {lines}
        </span>
      )}
    </NavLink>
  );
}
