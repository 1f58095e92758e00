/** The admins' Reviews page. */
export const reviewTexts = {
  /** The admins' Reviews page (issue 22): every review with its author's e-mail; Hide and Show. */
  reviewsAdmin: {
    title: 'Reviews',
    intro:
      'Every review, newest first. A hidden review leaves the home page at once; Show puts it back.',
    empty: 'No reviews yet',
    columns: {
      review: 'review',
      author: 'author',
      rating: 'rating',
      posted: 'posted',
      action: 'action',
    },
    hidden: 'hidden',
    hide: 'Hide',
    show: 'Show',
    hideLabel: (name: string) => `Hide the review of ${name}`,
    showLabel: (name: string) => `Show the review of ${name} again`,
    hiddenDone: 'Review hidden',
    shownDone: 'Review shown again',
    /** 400: PUT /manageReviews/{id}/hidden without a true or false `hidden`. */
    hiddenRequired: 'hidden must be true or false',
    /** 404: hiding or showing a review that does not exist. */
    reviewNotFound: 'No such review',
    /** 400: GET /manageReviews/page's `after` that no page answered (issue 43). */
    badPageCursor: 'after: not the next page of the reviews; start again from the first page',
    /** Above the list: how many reviews there are, hidden ones too. */
    count: (count: number) =>
      count === 1 ? '1 review' : `${count.toLocaleString('en-US')} reviews`,
    /** More reviews than are counted (MANAGED_REVIEWS_COUNT_CAP), as Manage Orders says it. */
    countAtLeast: (count: number) => `More than ${count.toLocaleString('en-US')} reviews`,
  },
} as const;
