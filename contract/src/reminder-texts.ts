/**
 * Payment reminders of invoices on account (issue 45): the e-mails to a company's admins three
 * days before an invoice is due, on the day, and every seven days after while it is overdue.
 * The template: server/src/mail/templates/invoice-reminders.ts.
 */
export const reminderTexts = {
  subject: {
    dueIn3: (invoice: string, due: string, open: string) =>
      `Invoice ${invoice} is due on ${due}: ${open} to pay`,
    due: (invoice: string, open: string) => `Invoice ${invoice} is due today: ${open} to pay`,
    overdue: (invoice: string, days: number, open: string) =>
      `Invoice ${invoice} is ${days} days overdue: ${open} to pay`,
  },
  body: {
    dueIn3: (invoice: string, company: string, due: string, open: string) =>
      `Invoice ${invoice} of ${company} is due in three days, on ${due}. ${open} of it is still to pay.`,
    due: (invoice: string, company: string, open: string) =>
      `Invoice ${invoice} of ${company} is due today. ${open} of it is still to pay, and until it is paid your company cannot place checkouts on account (paying by card still works).`,
    overdue: (invoice: string, company: string, due: string, days: number, open: string) =>
      `Invoice ${invoice} of ${company} was due on ${due}, ${days} days ago. ${open} of it is still to pay, and until it is paid your company cannot place checkouts on account (paying by card still works).`,
  },
  invoice: 'Invoice',
  company: 'Company',
  poNumber: 'PO number',
  issued: 'Issued',
  due: 'Due',
  total: 'Invoice total',
  received: 'Paid or credited so far',
  open: 'To pay',
  bankDetails: 'Bank details',
  /** How to pay: by transfer quoting the number; bank details above, or ask the seller for them. */
  howToPay: (invoice: string) =>
    `Please pay by bank transfer to the account above, quoting ${invoice} as the reference. If you have paid it in the last few days, thank you: the payment may not be recorded yet, and you can ignore this reminder.`,
  howToPayNoBank: (invoice: string, sellerEmail: string) =>
    `Please pay by bank transfer, quoting ${invoice} as the reference; write to ${sellerEmail} for our bank details. If you have paid it in the last few days, thank you: the payment may not be recorded yet, and you can ignore this reminder.`,
  action: 'See your company’s orders',
};
