import { businessSummary, texts } from '@tools-factory/contract';
import type { IconType } from 'react-icons';
import { FaClipboardCheck, FaCommentDots, FaHandshake, FaUsers } from 'react-icons/fa';
import CountUpImport from 'react-countup';
import { Section } from '../../../components/ui/section';
import { usePrefersReducedMotion } from '../hooks/use-prefers-reduced-motion';

// Vite 8 hands this CommonJS package's whole module.exports to a default import (DESIGN.md
// section 9: a blank page, React error #130), so the component may sit under `.default`.
const CountUp: typeof CountUpImport =
  (CountUpImport as unknown as { default?: typeof CountUpImport }).default ?? CountUpImport;

type SummaryKey = (typeof businessSummary)[number]['key'];

const icons: Record<SummaryKey, IconType> = {
  newCustomer: FaUsers,
  completeOrder: FaClipboardCheck,
  clients: FaHandshake,
  reviews: FaCommentDots,
};

/**
 * BUISNESS SUMMERY: four fixed figures that count up when they come into view, or stand at once
 * for a visitor who asked for less motion.
 */
export function BusinessSummarySection() {
  const reducedMotion = usePrefersReducedMotion();
  return (
    <Section id="summary" title={texts.home.summaryTitle} className="bg-base-200">
      <ul className="grid grid-cols-2 gap-4 md:gap-6 lg:grid-cols-4">
        {businessSummary.map(({ key, value }) => {
          const Icon = icons[key];
          return (
            <li
              key={key}
              className="bg-base-100 border-base-300 flex flex-col items-center gap-2 rounded-box border px-3 py-8 text-center shadow-sm"
            >
              <Icon className="text-primary text-4xl" aria-hidden="true" />
              <p className="text-3xl font-extrabold tabular-nums md:text-4xl">
                {/* Counts up once the card is in view; written without separators, as the spec has them. */}
                {reducedMotion ? (
                  value
                ) : (
                  <CountUp end={value} duration={2} separator="" enableScrollSpy scrollSpyOnce />
                )}
              </p>
              <p className="text-base-content/70 text-sm font-semibold md:text-base">
                {texts.summary[key]}
              </p>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
