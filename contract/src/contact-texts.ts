/** The admins' Messages page: what visitors sent through the contact form. */
export const contactTexts = {
  /** The admins' Messages page (issue 22): what visitors sent through the contact form. */
  messagesAdmin: {
    title: 'Messages',
    intro: 'Messages sent through the contact form on the home page, newest first.',
    empty: 'No messages yet',
    from: (name: string, email: string) => `${name} <${email}>`,
    received: 'received',
    /** The inbox and the archive, each with its count. */
    inbox: (count: number) => `Inbox (${count})`,
    archive: (count: number) => `Archived (${count})`,
    /** A folder holding more than are counted (MANAGED_MESSAGES_COUNT_CAP). */
    inboxAtLeast: (count: number) => `Inbox (more than ${count.toLocaleString('en-US')})`,
    archiveAtLeast: (count: number) => `Archived (more than ${count.toLocaleString('en-US')})`,
    archiveEmpty: 'No archived messages',
    /** Beside an unread message's name. */
    unread: 'new',
    markRead: 'Mark read',
    markUnread: 'Mark unread',
    archiveMessage: 'Archive',
    unarchive: 'Move to inbox',
    archived: (name: string) => `The message from ${name} is archived.`,
    unarchived: (name: string) => `The message from ${name} is back in the inbox.`,
    reply: 'Reply',
    replyTitle: (name: string) => `Reply to ${name}`,
    replyIntro: (email: string) =>
      `Your reply is e-mailed to ${email}, the address typed in the contact form, with their message quoted below it.`,
    replyLabel: 'Your reply',
    send: 'Send reply',
    cancel: 'cancel',
    close: 'Close',
    sent: (email: string) => `Reply sent to ${email}.`,
    replied: (by: string | null, when: string) =>
      by ? `Replied by ${by}, ${when}` : `Replied ${when}`,
    /** 404: gone, or an id that is no message's. */
    messageNotFound: 'No message has this id',
    /** 400: a PATCH that says neither read nor archived. */
    stateRequired: 'Say read, archived or both (true or false).',
    /** 400: GET /manageMessages/page's `after` that no page answered (issue 43). */
    badPageCursor: 'after: not the next page of the messages; start again from the first page',
    /** 400: GET /manageMessages/page's `folder` that is neither. */
    badFolder: 'folder must be inbox or archive',
  },
} as const;
