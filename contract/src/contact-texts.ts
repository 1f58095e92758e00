/** The admins' Messages page: what visitors sent through the contact form. */
export const contactTexts = {
  /** The admins' Messages page (issue 22): what visitors sent through the contact form. */
  messagesAdmin: {
    title: 'Messages',
    intro: 'Messages sent through the contact form on the home page, newest first.',
    empty: 'No messages yet',
    from: (name: string, email: string) => `${name} <${email}>`,
    received: 'received',
  },
} as const;
