import { texts, type Profile } from '@tools-factory/contract';
import type { ReactNode } from 'react';

/**
 * Where a typed Linkdin address leads: itself when it is an http(s) URL, https:// before it when
 * it was typed without one (linkedin.com/in/maria), nothing otherwise. Nothing else becomes a
 * link, so a `javascript:` text cannot run when clicked.
 */
export function linkdinHref(typed: string): string | null {
  const value = typed.trim();
  const candidate = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(candidate);
    const isWeb = url.protocol === 'https:' || url.protocol === 'http:';
    return isWeb && url.hostname.includes('.') ? url.href : null;
  } catch {
    return null;
  }
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 sm:contents">
      <dt className="text-base-content/70 text-sm">{term}</dt>
      <dd className="min-w-0 text-base font-semibold break-words">{children}</dd>
    </div>
  );
}

interface ProfileDetailsProps {
  /** The account's name and e-mail: what every record shows them as. */
  account: { name: string; email: string };
  /** The record; without one (nothing added yet), only the account's name and e-mail show. */
  profile?: Profile | undefined;
}

/** One profile record: name, e-mail, education, city, phone and Linkdin (a link when it is one). */
export function ProfileDetails({ account, profile }: ProfileDetailsProps) {
  return (
    <dl className="grid grid-cols-1 gap-4 sm:grid-cols-[max-content_1fr] sm:items-baseline sm:gap-x-8 sm:gap-y-3">
      <Detail term={texts.profile.name}>{account.name}</Detail>
      <Detail term={texts.profile.email}>
        <span className="break-all">{account.email}</span>
      </Detail>
      {profile ? <AddedDetails profile={profile} /> : null}
    </dl>
  );
}

/** What the user added: education, city, phone (to call) and Linkdin. */
function AddedDetails({ profile }: { profile: Profile }) {
  const href = linkdinHref(profile.linkdin);
  return (
    <>
      <Detail term={texts.profile.education}>{profile.education}</Detail>
      <Detail term={texts.profile.city}>{profile.city}</Detail>
      <Detail term={texts.profile.phone}>
        <a href={`tel:${profile.phone.replace(/[^0-9+]/g, '')}`} className="link link-hover">
          {profile.phone}
        </a>
      </Detail>
      <Detail term={texts.profile.linkdin}>
        {href ? (
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            className="link link-accent break-all"
          >
            {profile.linkdin}
          </a>
        ) : (
          <span className="break-all">{profile.linkdin}</span>
        )}
      </Detail>
    </>
  );
}
