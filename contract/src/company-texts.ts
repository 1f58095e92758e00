import { dashboardPageNames, shellTexts } from './shell-texts.ts';

/**
 * Company accounts (issue 44): the Company page, the invitation page, and the refusals of the
 * /company calls, which the page shows as they come.
 */
export const companyTexts = {
  company: {
    /** The dashboard menu's name of the page, and its document title. */
    title: dashboardPageNames.company,
    /** Before the account belongs to one. */
    none: 'Buy as a company: your buyers share the company’s orders and addresses, and you decide who may order what.',
    create: 'Create company',
    creating: 'Creating…',
    created: 'Your company is created. You are its admin.',
    mustVerify: 'Verify your e-mail address to create a company.',
    legalName: 'Legal name',
    taxNumber: 'Tax or VAT number (optional)',
    /** The tax number's name beside its value, and the value when none was given. */
    taxNumberShown: 'Tax or VAT number',
    notGiven: 'Not given',
    billingAddress: 'Billing address',
    details: 'Details',
    edit: 'Edit details',
    save: 'Save',
    saving: 'Saving…',
    saved: 'The company’s details are saved.',
    cancel: 'Cancel',
    yourRole: (role: string) =>
      `You are ${role === 'admin' ? 'an admin' : 'a buyer'} of this company.`,
    roles: { admin: 'Company admin', buyer: 'Buyer' } as Record<string, string>,
    members: 'Members',
    member: 'Member',
    email: 'E-mail',
    role: 'Role',
    joined: 'Joined',
    actions: 'Actions',
    you: 'you',
    makeAdmin: 'Make admin',
    makeBuyer: 'Make buyer',
    remove: 'Remove',
    leave: 'Leave company',
    /** The title of Remove's question (Leave's is `leave`). */
    removeTitle: 'Remove a member',
    removeConfirm: (name: string) =>
      `Remove ${name} from the company? Their account stays, and their past orders stay the company’s.`,
    leaveConfirm: 'Leave the company? Your account stays, and your past orders stay the company’s.',
    removed: (name: string) => `${name} is no longer a member.`,
    left: 'You have left the company.',
    roleChanged: (name: string, role: string) =>
      `${name} is now ${role === 'admin' ? 'a company admin' : 'a buyer'}.`,
    invite: 'Invite a buyer',
    inviteEmail: 'E-mail address',
    inviteRole: 'Role',
    send: 'Send invitation',
    sending: 'Sending…',
    invited: (email: string) =>
      `An invitation is on its way to ${email}. The link works for 7 days.`,
    invitations: 'Invitations waiting',
    noInvitations: 'No invitation is waiting.',
    expires: 'Expires',
    invitedBy: 'Invited by',
    /** Invited by an account removed since. */
    formerMember: 'A former member',
    revoke: 'Revoke',
    revoked: (email: string) => `The invitation to ${email} is revoked.`,
  },
  companyJoin: {
    title: shellTexts.pageTitles.companyJoin,
    loading: 'Reading the invitation…',
    invitedAs: (company: string, role: string) =>
      `You are invited to join ${company} as ${role === 'admin' ? 'a company admin' : 'a buyer'}.`,
    invitedBy: (name: string) => `Invited by ${name}.`,
    expires: (when: string) => `The invitation expires ${when}.`,
    accept: 'Join the company',
    accepting: 'Joining…',
    joined: (company: string) => `You are now a member of ${company}.`,
    signInFirst: 'Sign in with the address the invitation was sent to, then open the link again.',
    noToken: 'This page needs the link from your invitation e-mail.',
    signIn: 'Log in',
    toCompany: 'Go to the Company page',
  },
  /** The refusals of the /company calls (each a `{ message, statusCode }` body). */
  companyErrors: {
    /** 403: POST /company by an account whose e-mail is not verified. */
    verifyFirst:
      'Verify your e-mail address before creating a company: we sent you a link when you signed up.',
    /** 403: POST /company by a shop admin: the shop's staff do not buy. */
    shopAdminsDoNotBuy: 'A shop admin account does not buy, so it cannot create or join a company.',
    /** 409: POST /company, or accepting an invitation, by a member of a company. */
    alreadyMember:
      'Your account belongs to a company already. An account can be a member of one company only.',
    /** 404: a /company call by an account that belongs to none. */
    noCompany: 'Your account does not belong to a company.',
    /** 403: a company admin's call by a buyer. */
    adminsOnly: 'Only a company admin can do this.',
    /** 404: a member, or an invitation, that is not the caller's company's. */
    memberNotFound: 'No member of your company has this id.',
    invitationNotFound:
      'This invitation does not exist, was revoked, has expired or was used already. Ask your company admin for a new one.',
    /**
     * 409: a shop admin's Remove User of the only admin of a company that has other members or
     * invitations waiting (each would join a company without an admin).
     */
    lastAdminAccount:
      'This account is the only admin of its company, which has other members or invitations waiting. Ask it to make another member an admin, or revoke the invitations, first (on its Company page), then remove it.',
    /** 409: the change would leave the company without an admin. */
    lastAdmin: 'A company must keep at least one admin. Make another member an admin first.',
    /** 409: an invitation past COMPANY_MAX_MEMBERS (members and invitations waiting). */
    companyFull: (max: number) =>
      `A company has at most ${max} members and invitations waiting. Revoke an invitation or remove a member first.`,
    /** 429: more invitations to one address in a day than INVITATIONS_PER_ADDRESS_PER_DAY. */
    tooManyInvitations: (email: string) =>
      `${email} has received as many invitations as we send to one address in a day. Please try again tomorrow.`,
    /** 429: more invitations sent by one account in an hour than the server allows. */
    tooManySent:
      'You have sent many invitations in the last hour. Please wait a while before sending more.',
    /** 409: inviting the address of someone who is a member already. */
    alreadyInCompany: (email: string) => `${email} is a member of this company already.`,
    /** 403: accepting with an account whose e-mail is not the invitation's, or not verified. */
    notTheInvitee:
      'This invitation was sent to another e-mail address. Sign in with that address to accept it.',
    verifyToJoin:
      'Verify your e-mail address before joining a company: we sent you a link when you signed up.',
  },
} as const;
