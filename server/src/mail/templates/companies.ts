import { routes, serverTexts, type CompanyRole } from '@tools-factory/contract';
import type { MailContent } from '../mailer.ts';
import { factsMail, formatMailDateTime } from './layout.ts';

const words = serverTexts.mail.companyInvitation;

/**
 * The invitation to join a company (issue 44): who invites, to what, as what, until when, and the
 * link whose secret follows `#`, so that no request (and no log) carries it.
 */
export function companyInvitationMail(invitation: {
  to: string;
  companyName: string;
  inviterName: string;
  role: CompanyRole;
  expiresAt: Date;
  token: string;
  publicUrl: string;
}): MailContent {
  return factsMail({
    to: invitation.to,
    subject: words.subject(invitation.companyName),
    body: words.body(invitation.inviterName, invitation.companyName, invitation.role),
    rows: [
      [words.company, invitation.companyName],
      [words.role, words.roles[invitation.role]],
      [words.expires, formatMailDateTime(invitation.expiresAt.toISOString())],
    ],
    note: words.note,
    action: {
      label: words.action,
      url: `${invitation.publicUrl}${routes.dashboardCompanyJoin}#${invitation.token}`,
    },
  });
}
