import { homeTexts } from '@tools-factory/contract';
import { Link } from 'react-router';

/** The welcome banner at the top of the home page. */
export function HeroSection() {
  return (
    <section aria-labelledby="hero-title" className="bg-neutral text-neutral-content">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-14 md:grid-cols-2 md:py-20">
        <div className="text-center md:text-left">
          <h1 id="hero-title" className="text-3xl leading-tight font-extrabold md:text-5xl">
            {homeTexts.hero.title}
          </h1>
          <p className="text-neutral-content/80 mt-5 text-base leading-relaxed md:text-lg">
            {homeTexts.hero.tagline}
          </p>
          <Link to={{ hash: '#tools' }} className="btn btn-primary btn-lg mt-8">
            {homeTexts.hero.cta}
          </Link>
        </div>
        <img
          src="/images/hero.svg"
          alt={homeTexts.hero.imageAlt}
          width={800}
          height={500}
          fetchPriority="high"
          className="mx-auto h-auto w-full max-w-xl"
        />
      </div>
    </section>
  );
}
