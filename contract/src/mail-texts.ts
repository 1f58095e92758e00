import { checkoutMailTexts } from './checkout-mail-texts.ts';
import { paidMailLabels, payMailLabels } from './mail-labels.ts';

/** Every e-mail's words, part of serverTexts. */
export const mailTexts = {
  /** Every e-mail's words (the templates: server/src/mail/templates/): accounts and orders. */
  mail: {
    greeting: (name: string) => `Hello ${name || 'there'},`,
    signature: 'Tools Factory',
    verifyEmail: {
      subject: 'Verify your e-mail for Tools Factory',
      body: 'Please confirm that this is your e-mail address.',
      action: 'Verify your e-mail',
    },
    resetPassword: {
      subject: 'Reset your Tools Factory password',
      body: 'Someone asked to reset the password of your account. If it was you, follow the link below within an hour; otherwise ignore this message.',
      action: 'Choose a new password',
    },
    /** The sign-in code (POST /api/auth/email-otp/send-verification-otp). */
    signInCode: {
      subject: 'Your Tools Factory sign-in code',
      body: (code: string, minutes: number) =>
        `Your sign-in code is ${code}. Type it on the login page within ${minutes} minutes. If you did not ask for it, ignore this message: nobody can sign in without it.`,
    },
    /** A date and time in e-mails: the server does not know the reader's time zone, so UTC. */
    dateTime: (formatted: string) => `${formatted} UTC`,
    /** The checkout e-mails (issue 26): its own file, composed here. */
    checkout: checkoutMailTexts,
    /** The order e-mails (server/src/mail/templates/orders.ts): one order, one tool line. */
    order: {
      reference: 'Order',
      tool: 'Tool',
      quantity: 'Quantity',
      unitPrice: 'Unit price',
      total: 'Total',
      address: 'Delivery address',
      myOrders: 'See your orders',
    },
    orderPlaced: {
      subject: (reference: string) => `Your order ${reference}: please pay to confirm it`,
      body: (reference: string) =>
        `Thank you for your order ${reference}. Here is what you ordered:`,
      held: (until: string) =>
        `We hold the stock for you until ${until}. If the order is not paid by then, it is cancelled and the stock goes back on sale.`,
      ...payMailLabels,
    },
    orderPaid: {
      subject: (reference: string) => `Payment received for your order ${reference}`,
      body: (reference: string, total: string) =>
        `We received your payment of ${total} for order ${reference}. We will write again when it ships.`,
      ...paidMailLabels,
      invoiceAttached: (number: string) => `Your invoice ${number} is attached as a PDF.`,
    },
    /** A paid order an admin cancelled (issue 22): the refund and its credit note. */
    orderCancelled: {
      subject: (reference: string) => `Your order ${reference} is cancelled and refunded`,
      body: (reference: string, refunded: string) =>
        `We cancelled order ${reference} and refunded ${refunded} to the card you paid with. Depending on your bank, it shows on your statement within 5 to 10 days.`,
      creditNoteNumber: 'Credit note',
      creditNoteAttached: (number: string) => `Your credit note ${number} is attached as a PDF.`,
      /** Refunded now: what this cancellation gave back (the rest after earlier refunds). */
      refunded: 'Refunded',
      /** Cancelled without a refund (issue 42): nothing goes back with it. */
      withoutRefundSubject: (reference: string) => `Your order ${reference} is cancelled`,
      withoutRefundBody: (reference: string) =>
        `We cancelled order ${reference}. No money is refunded with this cancellation; if we agreed a refund with you, it follows separately.`,
      /** On account, its invoice open (issue 45): credited off the invoice, nothing refunded. */
      onAccountSubject: (reference: string) => `Your order ${reference} is cancelled and credited`,
      onAccountBody: (reference: string, credited: string) =>
        `We cancelled order ${reference} and credited ${credited} to its invoice: it comes off what your company owes on account.`,
      credited: 'Credited',
    },
    /** A whole checkout cancelled in one go (issue 42): one e-mail for all its lines. */
    checkoutCancelled: {
      subject: (reference: string, refunded: boolean) =>
        refunded
          ? `Your checkout ${reference} is cancelled and refunded`
          : `Your checkout ${reference} is cancelled`,
      body: (reference: string, lines: number, refunded: string | null) =>
        `We cancelled ${lines === 1 ? 'the line' : `the ${lines} lines`} below of checkout ${reference}.` +
        (refunded
          ? ` We refunded ${refunded} to the card you paid with; depending on your bank, it shows on your statement within 5 to 10 days.`
          : ' No money is refunded with this cancellation; if we agreed a refund with you, it follows separately.'),
      caption: 'Cancelled',
      refunded: (amount: string) => `Refunded: ${amount}`,
      /** On account, its invoice open (issue 45): credited off the invoice, nothing refunded. */
      onAccountSubject: (reference: string) =>
        `Your checkout ${reference} is cancelled and credited`,
      onAccountBody: (reference: string, lines: number, credited: string) =>
        `We cancelled ${lines === 1 ? 'the line' : `the ${lines} lines`} below of checkout ${reference} and credited ${credited} to its invoice: it comes off what your company owes on account.`,
      credited: (amount: string) => `Credited: ${amount}`,
      notesAttached: (numbers: string) => `Your credit notes are attached as PDFs: ${numbers}.`,
    },
    /** Part of a line's amount given back, the line standing (issue 42). */
    orderRefunded: {
      subject: (amount: string, reference: string) =>
        `${amount} refunded on your order ${reference}`,
      body: (amount: string, reference: string) =>
        `We refunded ${amount} of order ${reference} to the card you paid with. Depending on your bank, it shows on your statement within 5 to 10 days.`,
      refundedInAll: 'Refunded in all',
      /** On account, its invoice open (issue 45). */
      onAccountSubject: (amount: string, reference: string) =>
        `${amount} credited on your order ${reference}`,
      onAccountBody: (amount: string, reference: string) =>
        `We credited ${amount} of order ${reference} to its invoice: it comes off what your company owes on account.`,
      creditedInAll: 'Credited in all',
    },
    /** The quote e-mails (server/src/mail/templates/quotes.ts). */
    quote: {
      reference: 'Quote',
      tool: 'Tool',
      quantity: 'Quantity',
      unitPrice: 'Unit price',
      total: 'Total',
      validUntil: 'Valid until',
      neededBy: 'Needed by',
      myQuotes: 'See your quotes',
    },
    quoteOffered: {
      subject: (reference: string) => `Our offer for your quote ${reference}`,
      body: (reference: string) =>
        `Here is our offer for your quote ${reference}. Accept it from My Quotes before it expires, and we place the order for you.`,
      action: 'See the offer',
    },
    quoteAccepted: {
      subject: (quote: string, order: string) => `Quote ${quote} accepted: order ${order}`,
      body: (quote: string, order: string) =>
        `Thank you for accepting our offer for quote ${quote}. Your order ${order} is placed; please pay to confirm it.`,
      madeToOrder:
        'We make this quantity for you: the order ships when it is produced, and we will write when it does.',
      action: 'Pay now',
    },
    /** To the admins (ADMIN_EMAILS) when a customer accepts an offer. */
    quoteAcceptedForAdmins: {
      subject: (quote: string, order: string) => `Quote ${quote} accepted: order ${order}`,
      body: (quote: string, email: string) => `${email} accepted the offer for quote ${quote}.`,
      madeToOrder: 'The stock was short: this order is made to order.',
      action: 'See the orders',
    },
    /** To the admins (ADMIN_EMAILS) when an order takes a tool's stock below its threshold. */
    lowStock: {
      subject: (tool: string) => `Low stock: ${tool}`,
      body: (tool: string, available: string, threshold: string) =>
        `An order took the stock of ${tool} below its low-stock threshold: ${available} available, threshold ${threshold}. You get this e-mail once, until the stock is back at or above the threshold.`,
      tool: 'Tool',
      available: 'Available',
      threshold: 'Threshold',
      action: 'Manage the tools',
    },
    /** A message sent through the contact form, to each admin (never to the address typed). */
    contactMessage: {
      subject: (name: string) => `Contact form: a message from ${name}`,
      body: 'A visitor sent this message through the contact form on the home page. Reply to the address they typed if you wish: this e-mail was sent to the admins only.',
      name: 'Name',
      email: 'Email',
      message: 'Message',
      action: 'All messages',
    },
    /** An admin's reply to a contact form message, to the address the visitor typed. */
    contactReply: {
      subject: 'Re: your message to Tools Factory',
      youWrote: (when: string) => `On ${when} you wrote:`,
    },
    /** Staff e-mails (issue 25): to ADMIN_EMAILS and the admins who turned them on. */
    staff: {
      customer: 'Customer',
      phone: 'Phone',
      placedAt: 'Placed',
      heldUntil: 'Held until',
      paidAt: 'Paid',
      note: 'Note',
      seeOrder: 'See the order',
      whyYouGetThis:
        'You get this e-mail as an admin of Tools Factory. Turn the staff e-mails off on your profile page.',
      /** The link after whyYouGetThis. */
      profilePage: 'Your profile page',
    },
    newOrderForStaff: {
      subject: (reference: string, total: string) => `New order ${reference}: ${total}`,
      body: (email: string, reference: string) =>
        `${email} placed order ${reference}. It waits for payment: ship it once it is paid.`,
    },
    orderPaidForStaff: {
      subject: (reference: string, total: string) => `Paid: order ${reference}, ${total}`,
      body: (email: string, reference: string, total: string) =>
        `${email} paid ${total} for order ${reference}. It is ready to ship.`,
    },
    quoteRequestedForStaff: {
      subject: (reference: string, tool: string) => `Quote request ${reference}: ${tool}`,
      body: (email: string, reference: string) =>
        `${email} asks for a price: quote ${reference}. Offer a price or decline it on the Quotes page.`,
      action: 'Answer the quote',
    },
    /** To the customer once their quote request is in. */
    quoteRequested: {
      subject: (reference: string) => `We received your quote request ${reference}`,
      body: (reference: string) =>
        `Thank you for your quote request ${reference}. We will answer with a price (or a reason we cannot) by e-mail; you can follow it in My Quotes.`,
      action: 'See your quotes',
    },
    /** To the customer when an admin declines their quote request. */
    quoteDeclined: {
      subject: (reference: string) => `Your quote request ${reference} is declined`,
      body: (reference: string) =>
        `We are sorry: we cannot make an offer for your quote request ${reference}.`,
      reason: 'Reason',
      action: 'See your quotes',
    },
    /** To the customer when an admin removes their unpaid order. */
    orderRemoved: {
      subject: (reference: string) => `Your unpaid order ${reference} was removed`,
      body: (reference: string) =>
        `We removed your unpaid order ${reference}. Nothing was charged, and the stock it held is back on sale. If you still want it, you are welcome to order again.`,
    },
    /** To the addressee of an invitation to join a company (issue 44). */
    companyInvitation: {
      subject: (company: string) => `You are invited to buy for ${company}`,
      body: (inviter: string, company: string, role: 'admin' | 'buyer') =>
        `${inviter} invites you to join ${company} on our shop as ${role === 'admin' ? 'a company admin' : 'a buyer'}. Sign in (or sign up) with this e-mail address, then open the link below to join.`,
      company: 'Company',
      role: 'Role',
      roles: { admin: 'Company admin', buyer: 'Buyer' },
      expires: 'The link works until',
      action: 'Join the company',
      note: 'If you did not expect this invitation, ignore this e-mail: nothing happens unless you open the link and join.',
    },
    /**
     * Spending limits (issue 44): to the company's admins when a buyer's checkout goes past their
     * monthly limit, and to the buyer when it waits, is approved, or is rejected.
     */
    approvalNeeded: {
      subject: (buyer: string, reference: string, total: string) =>
        `Approve an order of ${buyer}: ${reference}, ${total}`,
      body: (buyer: string, reference: string) =>
        `${buyer} placed order ${reference}, which is over their monthly limit. Its stock is held; it cannot be paid until one of the company’s admins approves it.`,
      buyer: 'Buyer',
      total: 'Total',
      limit: 'Monthly limit',
      spent: 'Spent before it',
      po: 'PO',
      expires: 'Held until',
      action: 'Approve or reject',
      note: 'If no admin decides before it is held until, the order expires and its stock goes back on sale.',
    },
    awaitingApproval: {
      subject: (reference: string) => `Your order ${reference} awaits approval`,
      body: (reference: string, limit: string) =>
        `Your order ${reference} is over your ${limit} monthly limit, so it waits for an admin of your company to approve it. Its stock is held for you meanwhile. We e-mail you when they decide.`,
      action: 'See your orders',
    },
    checkoutApproved: {
      subject: (reference: string) => `Your order ${reference} is approved`,
      body: (reference: string, approver: string) =>
        `${approver} approved your order ${reference}. You can pay it now.`,
      action: 'Pay now',
      /** Placed on account (issue 45): approved, it is invoiced instead of paid by card. */
      invoicedBody: (reference: string, approver: string, invoice: string, due: string) =>
        `${approver} approved your order ${reference}. It is ordered on your company’s account: invoice ${invoice} is due by ${due}, and is in My Orders.`,
      invoicedAction: 'See your orders',
    },
    checkoutRejected: {
      subject: (reference: string) => `Your order ${reference} was not approved`,
      body: (reference: string, approver: string) =>
        `${approver} did not approve your order ${reference}. Nothing was charged, and the stock it held is back on sale.`,
      reason: 'Reason',
      action: 'Visit the shop',
    },
    /** To the buyer when their unpaid checkout's hold runs out (issue 44): one e-mail per checkout. */
    orderExpired: {
      subject: (reference: string) => `Your unpaid order ${reference} has expired`,
      body: (reference: string, hours: number) =>
        `Your order ${reference} was not paid within ${hours} hours, so it has expired. Nothing was charged, and the stock it held is back on sale. If you still want it, you are welcome to order again.`,
      action: 'Visit the shop',
    },
  },
} as const;
