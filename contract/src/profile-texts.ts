/** The profile page. */
export const profileTexts = {
  profile: {
    updateSuccess: 'success update user Information',
    addSuccess: 'success added user Information',
    addInformation: 'add information',
    editInformation: 'Edit Information',
    /** 409: POST /userinfo for a user who has a profile already (docs/architecture.md). */
    alreadyAdded: 'You have added your information already. Use Edit Information to change it.',
    /** 404: PATCH /userinfo/{email} before any information was added. */
    notAddedYet: 'You have not added your information yet. Use add information first.',
    /** My Profile's details and the fields of its two modals (SPEC.md sections 2 and 5). */
    name: 'Name',
    email: 'Email',
    education: 'Education',
    city: 'City',
    phone: 'Phone number',
    linkdin: 'Linkdin',
    fromAccount: 'Your name and e-mail come from your account.',
    save: 'Save',
    cancel: 'Cancel',
    close: 'Close',
  },
} as const;
