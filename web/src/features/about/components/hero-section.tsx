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
        {/* WebP, not the SVG drawn (web/public/images/hero.svg): a browser decodes it off the
            main thread, where an SVG picture is a whole document built on it (issue 43 item 6;
            scripts/raster-hero.ts makes these). */}
        <img
          src="/images/hero-600.webp"
          srcSet="/images/hero-600.webp 600w, /images/hero-1200.webp 1200w"
          sizes="(min-width: 768px) min(36rem, 50vw), calc(100vw - 2rem)"
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
