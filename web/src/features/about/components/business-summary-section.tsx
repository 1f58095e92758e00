import { businessSummary, homeTexts } from '@tools-factory/contract';
import {
  BriefcaseIcon,
  ClipboardCheckIcon,
  CommentDotsIcon,
  UsersIcon,
  type IconComponent,
} from '../../../components/ui/icons';
import { Section } from '../../../components/ui/section';
import { useCountUpWhenSeen } from '../hooks/use-count-up-when-seen';

type SummaryKey = (typeof businessSummary)[number]['key'];

const icons: Record<SummaryKey, IconComponent> = {
  newCustomer: UsersIcon,
  completeOrder: ClipboardCheckIcon,
  clients: BriefcaseIcon,
  reviews: CommentDotsIcon,
};

/**
 * BUISNESS SUMMERY: four fixed figures. The HTML holds the final figures (server rendering, no
 * JavaScript, less motion asked for); otherwise they count up once they come into view.
 */
export function BusinessSummarySection() {
  const { listRef, counter } = useCountUpWhenSeen<HTMLUListElement>();
  return (
    <Section id="summary" title={homeTexts.home.summaryTitle} className="bg-base-200">
      <ul ref={listRef} className="grid grid-cols-2 gap-4 md:gap-6 lg:grid-cols-4">
        {businessSummary.map(({ key, value }) => {
          const Icon = icons[key];
          return (
            <li
              key={key}
              className="bg-base-100 border-base-300 flex flex-col items-center gap-2 rounded-box border px-3 py-8 text-center shadow-sm"
            >
              <Icon className="text-primary text-4xl" aria-hidden="true" />
              <p className="text-3xl font-extrabold tabular-nums md:text-4xl">
                {/* Written without separators, as the spec has them. */}
                {counter.state === 'final' && value}
                {counter.state === 'waiting' && 0}
                {counter.state === 'counting' && (
                  <counter.CountUp
                    end={value}
                    duration={2}
                    separator=""
                    enableScrollSpy
                    scrollSpyOnce
                  />
                )}
              </p>
              <p className="text-base-content/70 text-sm font-semibold md:text-base">
                {homeTexts.summary[key]}
              </p>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
