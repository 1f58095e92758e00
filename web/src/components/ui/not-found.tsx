import { routes, texts } from '@tools-factory/contract';
import { FaTools } from 'react-icons/fa';
import { Link } from 'react-router';

/** Something the product does not know (a page, a tool), said plainly, with the way home. */
export function NotFound({ title }: { title: string }) {
  return (
    <section className="mx-auto flex max-w-xl grow flex-col items-center justify-center gap-6 px-4 py-20 text-center">
      <FaTools className="text-primary text-6xl" aria-hidden="true" />
      <h1 className="text-2xl font-bold md:text-3xl">{title}</h1>
      <Link to={routes.home} className="btn btn-primary">
        {texts.nav.home}
      </Link>
    </section>
  );
}
