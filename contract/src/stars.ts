/**
 * The star scale of a review (SPEC.md section 9: 5 stars). Apart from reviews.ts on purpose: the
 * home page shows stars, and the bundler ships a contract module that two pages share whole, so
 * a number kept beside the review schemas brought zod (about 25 kB gzip) to the home page as
 * soon as Add Review used those schemas. This module must stay free of zod.
 */
export const MAX_STARS = 5;
