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
    /** Monthly spending limits (issue 44): set per buyer by the company's admins. */
    monthlyLimit: 'Monthly limit',
    spentThisMonth: 'Spent this month',
    noLimit: 'No limit',
    adminNoLimit: 'Approves',
    setLimit: 'Set limit',
    limitLabel: (name: string) => `Monthly limit of ${name} in dollars (empty for none)`,
    limitHint:
      'A checkout that takes a buyer past their limit this calendar month waits for an admin’s approval. $0 sends every checkout for approval.',
    limitSaved: (name: string, limit: string | null) =>
      limit === null
        ? `${name} has no monthly limit now.`
        : `${name}’s monthly limit is ${limit} now.`,
    /** The caller's own limit, on the Company page and the cart. */
    yourLimit: (limit: string, spent: string, left: string) =>
      `Your monthly limit is ${limit}: ${spent} spent this month, ${left} left.`,
    /** The checkouts waiting for an admin's decision. */
    approvals: 'Orders awaiting approval',
    noApprovals: 'No order is waiting for approval.',
    buyer: 'Buyer',
    placed: 'Placed',
    total: 'Total',
    overLimit: (spent: string, limit: string) =>
      `Spent this month ${spent} of a ${limit} limit before this order.`,
    limitLifted: 'Their limit is lifted now.',
    expiresIfUndecided: (when: string) => `Expires ${when} unless decided.`,
    approve: 'Approve',
    reject: 'Reject',
    rejectTitle: 'Reject an order',
    rejectReason: 'Reason (the buyer reads it)',
    approved: (reference: string) => `${reference} is approved: its buyer can pay it now.`,
    rejected: (reference: string) => `${reference} is rejected: its stock is back on sale.`,
    /** A waiting checkout's PO number, and the reject dialog's close button (an icon). */
    po: 'PO',
    close: 'Close',
  },
  /** The cart and My Orders, for a company buyer with a monthly limit (issue 44). */
  spending: {
    left: (left: string, limit: string) => `${left} left of your ${limit} monthly limit.`,
    overLimit: (left: string) =>
      `This checkout is over what is left of your monthly limit (${left}): it will wait for your company admin’s approval before you can pay.`,
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
  /**
   * The shop admins' Companies page and a company's page (issue 44): each company's people,
   * limits, addresses, approvals waiting and checkouts. A company's own words (roles, limits,
   * members) are the Company page's (`company`).
   */
  manageCompanies: {
    /** The dashboard menu's name of the page, and its document title. */
    title: dashboardPageNames.companies,
    intro:
      'Every company account, newest first: who runs it, how many buy for it, and what it has ordered.',
    search: 'Search',
    searchPlaceholder: 'Legal name or tax number',
    found: (count: number) =>
      count === 1 ? '1 company matches' : `${count.toLocaleString('en-US')} companies match`,
    none: 'No company account yet.',
    noMatch: 'No company matches this search',
    columns: {
      legalName: 'Legal name',
      taxNumber: 'Tax number',
      members: 'Members',
      admins: 'Admins',
      checkouts: 'Checkouts',
      awaitingApproval: 'Awaiting approval',
      created: 'Created',
    },
    /** A company's page: the way back to the list, and its parts. */
    back: 'All companies',
    created: 'Created',
    checkoutsCount: 'Checkouts',
    shipTo: 'Ships to',
    addressesLocked: 'Its own addresses only',
    addressesOpen: 'Its own addresses or any typed at checkout',
    addresses: 'Ship-to addresses',
    noAddresses: 'No ship-to address yet.',
    phone: 'Phone',
    noMembers: 'No member any more.',
    approvalsExpire: 'Expires',
    /** The company's checkouts: Manage Orders' rows, one a line of a checkout. */
    checkouts: 'Checkouts',
    noCheckouts: 'This company has placed no checkout yet.',
    orderColumns: {
      order: 'Order',
      checkout: 'Checkout',
      placed: 'Placed',
      buyer: 'Buyer',
      tool: 'Tool',
      quantity: 'Quantity',
      total: 'Total',
      status: 'Status',
    },
    /** A buyer whose account was removed since (the order stays). */
    removedAccount: 'account removed',
    openOrder: (reference: string) => `Open order ${reference}`,
    openCheckout: (reference: string) => `Open checkout ${reference}`,
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
    /** 400: PUT /manageCompanies/{id}/terms with payment terms not offered. */
    badPaymentTerms: (offered: readonly number[]) =>
      `Payment terms are net ${offered.join(', ')} days, or null for card only.`,
    /** 400: a field that must be true or false. */
    trueOrFalse: (field: string) => `${field} must be true or false.`,
    /** 409: a company made tax-exempt without its tax number, or an exempt one's number cleared. */
    taxExemptNeedsTaxNumber:
      'A tax-exempt company needs its tax number: its invoices name it beside the reverse-charge note. Enter the tax number first.',
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
    /** 400: PATCH /company/members/{userId} with neither a role nor a limit. */
    nothingToChange: 'Give a role or a monthly limit to change.',
    /** 409: a monthly limit for a company admin: an admin's own orders need no approval. */
    adminsHaveNoLimit:
      'A company admin has no monthly limit: their orders need no approval. Make them a buyer first.',
    /** 404: approving or rejecting a checkout that is not one of the company's. */
    approvalNotFound: 'No checkout of your company has this id.',
    /** 400: GET /manageCompanies with an `after` that is no page's `next`. */
    badCursor: 'after must be the next of a page of companies',
    /** 404: GET /manageCompanies/{id} of no company. */
    companyNotFound: 'No company has this id.',
    /** 400: Remove User's successor is not a member of the removed account's company. */
    successorNotMember: (company: string) =>
      `The account to take over must be a member of ${company}.`,
    /** 404: a ship-to address that is not one of the caller's company's. */
    addressNotFound: 'Your company has no ship-to address with this id.',
    /** 409: a second ship-to address with the same label (any case). */
    addressLabelTaken: (label: string) =>
      `Your company has a ship-to address labelled “${label}” already. Choose another label.`,
    /** 409: more than COMPANY_MAX_ADDRESSES ship-to addresses. */
    tooManyAddresses: (max: number) =>
      `A company keeps at most ${max} ship-to addresses. Remove one first.`,
    /** 409: a checkout with a typed address while the company ships only to its own addresses. */
    shipToRequired:
      'Your company ships only to its own addresses: choose one of them for this order. A company admin can add an address on the Company page.',
    /** 409: approving or rejecting a checkout that is not waiting any more. */
    notAwaiting:
      'This checkout is not waiting for approval any more: it was approved, rejected, removed or has expired.',
  },
  /** The company's ship-to addresses (issue 44): the Company page's section and the cart's choice. */
  shipTo: {
    title: 'Ship-to addresses',
    intro: 'The addresses your company’s orders are shipped to: buyers choose one at checkout.',
    none: 'Your company has no ship-to addresses yet.',
    label: 'Label',
    name: 'Name',
    address: 'Address',
    phone: 'Phone',
    phoneOptional: 'Phone (optional)',
    actions: 'Actions',
    add: 'Add address',
    adding: 'Adding…',
    newAddress: 'New ship-to address',
    editAddress: 'Edit ship-to address',
    edit: 'Edit',
    editOne: (label: string) => `Edit ${label}`,
    save: 'Save',
    saving: 'Saving…',
    cancel: 'Cancel',
    remove: 'Remove',
    removeOne: (label: string) => `Remove ${label}`,
    removeTitle: 'Remove this ship-to address?',
    removeConfirm: 'Remove address',
    keep: 'Keep it',
    added: (label: string) => `${label} is added to your ship-to addresses.`,
    saved: (label: string) => `${label} is saved.`,
    removed: (label: string) => `${label} is removed from your ship-to addresses.`,
    lock: 'Ship only to these addresses',
    lockHelp: 'When on, buyers cannot type another address at checkout: they choose one of these.',
    locked: 'Orders now ship only to these addresses.',
    unlocked: 'Buyers may now type another address at checkout.',
    lockedShown: 'Orders ship only to these addresses.',
    noPhone: 'none',
    close: 'Close',
    /** The cart's checkout. */
    shipTo: 'Ship to',
    another: 'Another address (type it)',
    option: (label: string, name: string, firstLine: string) => `${label} — ${name}, ${firstLine}`,
    chosenHelp: 'The address and phone come from your company’s ship-to address.',
    lockedNone:
      'Your company ships only to its own addresses, and has none yet. Ask a company admin to add one on the Company page, then check out.',
  },
  /** Company Orders (issue 44): the company's checkouts (its admins), or a buyer's own. */
  companyOrders: {
    title: 'Company Orders',
    /** The Company page's link to the page, for a buyer (who sees their own orders there). */
    yourOrdersLink: 'Your orders for the company',
    /** What the page shows, as an admin reads it. */
    intro: 'Every checkout placed by a member of your company, newest first.',
    /** What the page shows, as a buyer reads it. */
    introBuyer: 'Your orders placed for your company, newest first.',
    backToCompany: 'Back to Company',
    statusFilter: 'Status',
    allStatuses: 'All statuses',
    search: 'Search',
    searchPlaceholder: 'Reference, e-mail or tool',
    buyer: 'Buyer',
    reference: 'Reference',
    po: 'PO number',
    total: 'Total',
    status: 'Status',
    placed: 'Placed',
    /** An order line's tool and quantity under the checkout's reference. */
    line: (name: string, quantity: number) => `${name} × ${quantity}`,
    /** A buyer's own checkout: where to pay, track or cancel it. */
    openMyOrders: 'Open in My Orders',
    empty: 'No member of your company has placed an order yet.',
    emptyBuyer: 'You have not placed an order for your company yet.',
    noMatch: 'No order matches this search.',
    found: (total: number) => (total === 1 ? '1 order found' : `${total} orders found`),
    foundAtLeast: (total: number) => `More than ${total} orders found`,
    removedAccount: 'Removed account',
  },
} as const;
