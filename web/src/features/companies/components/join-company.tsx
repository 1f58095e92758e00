import { routes, texts, type InvitationPreview } from '@tools-factory/contract';
import { Link, useLocation, useNavigate } from 'react-router';
import { BusyButton } from '../../../components/ui/busy-button';
import { FormError } from '../../../components/ui/form-error';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useAcceptInvitation } from '../api/accept-invitation';
import { useInvitationPreview } from '../api/look-up-invitation';
import type { CompanyVisitor } from '../company-visitor';
import { joinedCompanyState } from '../joined-company';

const words = texts.companyJoin;

/** The way on from an invitation that cannot be taken here. */
function ToCompanyPage() {
  return (
    <Link to={routes.dashboardCompany} className="btn btn-outline">
      {words.toCompany}
    </Link>
  );
}

/** What the invitation offers, and Join the company; joined, the Company page shows it. */
function InvitationOffer({ token, offer }: { token: string; offer: InvitationPreview }) {
  const accept = useAcceptInvitation();
  const navigate = useNavigate();
  const join = () =>
    accept.mutate(token, {
      onSuccess: (view) =>
        void navigate(routes.dashboardCompany, {
          state: joinedCompanyState(view.company?.legalName ?? offer.companyName),
        }),
    });
  return (
    <>
      <p className="text-lg font-semibold">{words.invitedAs(offer.companyName, offer.role)}</p>
      <ul className="text-base-content/80 flex flex-col gap-1 text-sm">
        {offer.invitedBy ? <li>{words.invitedBy(offer.invitedBy)}</li> : null}
        <li>{words.expires(formatDateTime(offer.expiresAt))}</li>
      </ul>
      <FormError message={accept.isError ? errorMessage(accept.error) : null} />
      <BusyButton busy={accept.isPending} className="btn-primary" onClick={join}>
        {accept.isPending ? words.accepting : words.accept}
      </BusyButton>
    </>
  );
}

/** The offer read for a signed-in visitor; the server's refusal (404, 403) in its own words. */
function SignedInInvitation({ token }: { token: string }) {
  const preview = useInvitationPreview(token);
  if (preview.isPending) return <Spinner label={words.loading} />;
  if (preview.isError) {
    return (
      <>
        <p role="alert" className="alert alert-error alert-soft">
          {errorMessage(preview.error)}
        </p>
        <ToCompanyPage />
      </>
    );
  }
  return <InvitationOffer token={token} offer={preview.data} />;
}

interface JoinCompanyProps {
  /** The link's secret, from after its `#` (empty when the page was opened without one). */
  token: string;
  visitor: CompanyVisitor;
}

/**
 * An invitation's page (issue 44): a signed-out visitor is asked to sign in with the invited
 * address, and the login brings them back to this very link (its secret included); a signed-in
 * one reads what it offers and joins.
 */
export function JoinCompany({ token, visitor }: JoinCompanyProps) {
  const location = useLocation();
  if (visitor.status === 'unknown') return <Spinner />;
  if (!token) {
    return (
      <>
        <p role="alert" className="alert alert-warning">
          {words.noToken}
        </p>
        <ToCompanyPage />
      </>
    );
  }
  if (visitor.status === 'signedOut') {
    return (
      <>
        <p>{words.signInFirst}</p>
        {/* The login goes on to `from` once signed in, as it does for a protected page. */}
        <Link to={routes.login} state={{ from: location }} className="btn btn-primary">
          {words.signIn}
        </Link>
      </>
    );
  }
  return <SignedInInvitation token={token} />;
}
