import { texts } from '@tools-factory/contract';
import { useId } from 'react';
import { CardSection } from '../../../components/ui/card-section';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useSetStaffNotifications, useStaffNotifications } from '../api/staff-notifications';

const words = texts.staffNotifications;

/**
 * An admin's own staff e-mails (issue 25), on the profile page: a switch saved at once. An
 * ADMIN_EMAILS address gets them whatever it says, and is told so.
 */
export function StaffNotificationsToggle() {
  const state = useStaffNotifications();
  const setState = useSetStaffNotifications();
  const hintId = useId();
  if (!state.data) return null;
  const { enabled, listed } = state.data;
  return (
    <CardSection title={words.title} className="mt-6" bodyClassName="gap-2 p-4 sm:p-6">
      <label className="flex cursor-pointer items-center gap-3">
        <input
          type="checkbox"
          className="toggle toggle-primary"
          checked={listed || enabled}
          disabled={listed || setState.isPending}
          aria-describedby={hintId}
          onChange={(event) =>
            setState.mutate(
              { enabled: event.target.checked },
              {
                onSuccess: (saved) =>
                  toast.success(saved.enabled ? words.turnedOn : words.turnedOff),
                onError: (error) => toast.error(errorMessage(error)),
              },
            )
          }
        />
        <span>{words.label}</span>
      </label>
      <p id={hintId} className="text-base-content/70 text-sm">
        {listed ? words.listed : words.hint}
      </p>
    </CardSection>
  );
}
