/** Quick order's words (issue 26, /dashborad/quickorder), in `texts.quickOrder`. */
export const quickOrderTexts = {
  title: 'Quick order',
};
