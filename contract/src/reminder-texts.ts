/**
 * Payment reminders of invoices on account (issue 45): the e-mails to a company's admins three
 * days before an invoice is due, on the day, and every seven days after while it is overdue.
 */
export const reminderTexts = {};
