import { routes, shellTexts } from '@tools-factory/contract';
import { Link } from 'react-router';

interface BrandLinkProps {
  /** The bar's own size for the name (the top bar's grows from md). */
  className?: string;
  onClick?: () => void;
}

/** 'Tools Factory', the second word in the brand's colour: the way home from every bar. */
export function BrandLink({ className = '', onClick }: BrandLinkProps) {
  return (
    <Link
      to={routes.home}
      aria-label={shellTexts.nav.homeLink}
      className={`text-xl font-extrabold tracking-tight ${className}`}
      onClick={onClick}
    >
      <span>{shellTexts.brand.first}</span>{' '}
      <span className="text-primary">{shellTexts.brand.second}</span>
    </Link>
  );
}
