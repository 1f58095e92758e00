import { FaCheckCircle } from 'react-icons/fa';

/** Where on the Company page a message shows: beside what it is about. */
export type NoticePlace = 'page' | 'members' | 'invite' | 'invitations' | 'approvals';

/** What the last action came to: said where it was taken. */
export interface Notice {
  place: NoticePlace;
  kind: 'success' | 'error';
  text: string;
}

export const succeeded = (place: NoticePlace, text: string): Notice => ({
  place,
  kind: 'success',
  text,
});

export const failed = (place: NoticePlace, text: string): Notice => ({
  place,
  kind: 'error',
  text,
});

interface ActionNoticeProps {
  /** The page's last message (one at a time: a new action replaces it). */
  notice: Notice | null;
  place: NoticePlace;
}

/**
 * The messages of one place of the page: what went well in a polite live region (always in the
 * page, so that what comes into it is read out), what did not in an alert.
 */
export function ActionNotice({ notice, place }: ActionNoticeProps) {
  const shown = notice?.place === place ? notice : null;
  return (
    <>
      <div role="status" className="empty:hidden">
        {shown?.kind === 'success' ? (
          // The page's own text colour: daisyUI's green on its pale green ground is 3.2:1.
          <p className="alert alert-success alert-soft text-base-content text-sm">
            <FaCheckCircle aria-hidden="true" className="text-success shrink-0" />
            {shown.text}
          </p>
        ) : null}
      </div>
      {shown?.kind === 'error' ? (
        <p role="alert" className="alert alert-error alert-soft text-sm">
          {shown.text}
        </p>
      ) : null}
    </>
  );
}
