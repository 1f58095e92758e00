/**
 * The accounts: login, sign up, a new password, the account forms' rules, ALL USERS and the
 * admins' staff e-mails.
 */
export const accountTexts = {
  login: {
    title: 'Login',
    email: 'Email',
    password: 'Password',
    showPassword: 'Show password',
    hidePassword: 'Hide password',
    submit: 'LOGIN',
    newHere: 'New To Tools Factory ?',
    createAccount: 'Create an account',
    forgotPassword: 'Forgate password ?',
    resetPassword: 'Resate password',
    google: 'Continew with Google',
    or: 'OR',
    sentEmail: 'Sent email',
    signingIn: 'Signing you in',
    /** Offered once the password is refused with 429 (issue 22 item 3). */
    emailMeCode: 'E-mail me a sign-in code',
    code: 'Sign-in code',
    signInWithCode: 'Sign in with the code',
    codeSent: (minutes: number) =>
      `If an account uses this e-mail, a sign-in code is on its way. It works for ${minutes} minutes.`,
    codeInvalid: (length: number) =>
      `The code is the ${length} letters and digits of the e-mail, such as 7KQM-3XPD.`,
  },
  signup: {
    title: 'Sign Up',
    name: 'Name',
    email: 'Email',
    password: 'Password',
    submit: 'SIGNUP',
    haveAccount: 'Already have an account ?',
    login: 'Please login',
    google: 'Continew with Google',
    noUserLoggedIn: 'No user is logged in',
  },
  resetPasswordPage: {
    newPassword: 'New password',
    submit: 'Save new password',
    success: 'Your password has been changed. Log in with your new password.',
    goToLogin: 'Go to login',
  },
  /** The account forms' own rules; a missing field says fieldErrors.required ('email is required'). */
  validation: {
    emailInvalid: 'Please provide a valid Email',
    passwordTooShort: 'Must be 6 characters or longer',
    /** A new password zxcvbn finds too easy to guess (server/src/modules/identity/password-strength.ts). */
    passwordTooGuessable:
      'This password is too easy to guess: it is a common password, or close to one, or to your name or e-mail. Please choose another, e.g. a few unrelated words.',
  },
  admin: {
    makeAdmin: 'Make Admin',
    removeUser: 'Remove User',
    makeAdminSuccess: 'Successfully made an admin',
    makeAdminFailed: 'Failed to Make an admin',
    newProductAdded: 'New product added',
    /** ALL USERS with the count in the title (SPEC.md section 2). */
    allUsersTitle: (count: number) => `ALL USERS (${count})`,
    /** ALL USERS' search (issue 43: a page at a time). */
    searchUsers: 'Search',
    searchUsersPlaceholder: 'Name or e-mail',
    usersFound: (count: number) =>
      count === 1 ? '1 account matches' : `${count.toLocaleString('en-US')} accounts match`,
    noUserMatches: 'No account matches this search',
    badUsersCursor: 'after: not the next page of the accounts; start again from the first page',
    userColumns: {
      number: 'no.',
      name: 'name',
      email: 'email',
      role: 'role',
      /** Issue 44: the company account it belongs to, and as what. */
      company: 'company',
      action: 'action',
    },
    adminBadge: 'admin',
    /** Marks the admin's own row, which has no Remove User. */
    you: 'you',
    confirmRemoveUserTitle: 'Remove this user?',
    confirmRemoveUserBody:
      'The account and its sign-ins end now; its orders stay. This cannot be undone.',
    removeUserConfirm: 'Remove',
    cancel: 'cancel',
    removeUserSuccess: 'User removed',
    /** Make Admin asks first: an admin can do everything in the shop. */
    confirmMakeAdminTitle: 'Make this user an admin?',
    confirmMakeAdminBody:
      'They will be able to manage tools, orders and users, including removing accounts.',
    makeAdminConfirm: 'Make Admin',
    /** Remove Admin: an admin who is not one of the shop's owners becomes a customer again. */
    removeAdmin: 'Remove Admin',
    confirmRemoveAdminTitle: 'Remove this admin?',
    confirmRemoveAdminBody:
      'They keep their account and orders, but can no longer manage the shop.',
    removeAdminConfirm: 'Remove Admin',
    removeAdminSuccess: 'Admin role removed',
    /** Marks an ADMIN_EMAILS owner's row, which offers neither Remove Admin nor Remove User. */
    ownerBadge: 'owner',
    /**
     * Issue 44: Remove User of a company's only admin, whose company has other members: one of
     * them takes over as its admin, in the same step.
     */
    successor: {
      loading: 'Reading the company’s members…',
      onlyAdmin: (company: string) =>
        `This account is the only admin of ${company}. Choose the member who takes over as its admin.`,
      label: 'Who takes over',
      choose: 'Choose a member',
      /** An option of the select: the member (a buyer: the account removed is the only admin). */
      option: (name: string, email: string) => `${name} (${email})`,
      required: 'Choose the member who takes over before removing this account.',
    },
  },
  /** An admin's own staff e-mails, on their profile page (issue 25). */
  staffNotifications: {
    title: 'Staff e-mails',
    label: 'E-mail me new orders, payments, quote requests, contact messages and low stock',
    hint: 'Only you: each admin chooses for themself.',
    listed:
      'Your address is in ADMIN_EMAILS, so you get them always; the server configuration decides.',
    turnedOn: 'Staff e-mails turned on',
    turnedOff: 'Staff e-mails turned off',
  },
} as const;

/** The user calls' refusals (Make Admin, Remove User), part of texts.adminErrors. */
export const accountAdminErrors = {
  /** 404: PUT /user/admin/{email}, DELETE /user/{email}, GET /admin/{email}. */
  userNotFound: 'No user with this e-mail',
  /** 409: Remove User on one's own account (the shop must keep an admin who can act). */
  cannotRemoveYourself: 'You cannot remove your own account. Ask another admin to do it.',
  /** 409: Remove Admin on one's own account (an admin does not demote themself by accident). */
  cannotDemoteYourself: 'You cannot remove your own admin role. Ask another admin to do it.',
  /** 403: Remove User or Remove Admin on an ADMIN_EMAILS owner (docs/architecture.md). */
  ownerIsProtected:
    "This admin is one of the shop's owners: another admin can neither remove their admin role nor their account.",
} as const;
