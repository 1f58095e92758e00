import { texts } from '@tools-factory/contract';
import { FaExternalLinkAlt, FaMapMarkerAlt } from 'react-icons/fa';
import { portfolio } from './portfolio-content';

/** Two letters for the avatar: first and last name. */
function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/);
  return `${words[0]?.[0] ?? ''}${words.length > 1 ? (words.at(-1)?.[0] ?? '') : ''}`;
}

/** /dashborad (index): the portfolio card of the site's owner, with skills and project links. */
export default function PortfolioPage() {
  const { name, role, location, bio, skills, projects } = portfolio;
  return (
    <section className="px-4 py-8 md:px-8">
      <h2 className="mb-6 text-2xl font-bold">{texts.dashboard.portfolio}</h2>
      <article
        aria-labelledby="portfolio-name"
        className="card bg-base-100 border-base-300 max-w-4xl border shadow-sm"
      >
        <div className="card-body gap-6">
          <header className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
            <div
              aria-hidden="true"
              className="bg-neutral text-primary grid size-20 shrink-0 place-items-center rounded-full text-2xl font-extrabold"
            >
              {initialsOf(name)}
            </div>
            <div>
              <h3 id="portfolio-name" className="text-2xl font-bold">
                {name}
              </h3>
              <p className="font-semibold">{role}</p>
              <p className="text-base-content/80 mt-1 flex items-center gap-1 text-sm">
                <FaMapMarkerAlt aria-hidden="true" />
                {location}
              </p>
            </div>
          </header>

          <p className="leading-relaxed">{bio}</p>

          <div>
            <h4 className="mb-3 text-lg font-bold">{texts.portfolio.skills}</h4>
            <ul className="flex flex-wrap gap-2">
              {skills.map((skill) => (
                <li key={skill} className="badge badge-outline badge-lg">
                  {skill}
                </li>
              ))}
            </ul>
          </div>

          <div>
            <h4 className="mb-3 text-lg font-bold">{texts.portfolio.projects}</h4>
            <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {projects.map((project) => (
                <li key={project.url} className="bg-base-200 rounded-box flex flex-col gap-2 p-4">
                  <a
                    href={project.url}
                    target="_blank"
                    // noopener: the opened page gets no handle on this tab (window.opener).
                    rel="noopener noreferrer"
                    className="link link-hover font-semibold"
                  >
                    {project.name}{' '}
                    <FaExternalLinkAlt
                      className="ml-0.5 inline size-3 align-baseline"
                      aria-hidden="true"
                    />
                    <span className="sr-only">{texts.portfolio.opensInNewTab}</span>
                  </a>
                  <p className="text-base-content/80 text-sm">{project.description}</p>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </article>
    </section>
  );
}
