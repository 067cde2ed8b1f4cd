import { count, defineMessages, params } from '../../i18n';

// English texts of features/ratings (the spec's, exactly). Spanish: ../es/ratings.json, same groups and keys.

export const reviewsMessages = defineMessages('ratings/reviews', {
  stars: params<{ value: number }>('{value} out of 5 stars'),
  loading: 'Loading your reviews...',
  loadFailed: 'Could not load your reviews.',
  sectionLabel: 'Your reviews',
  yourRating: 'Your rating',
  noRatings: 'No ratings yet. Customers rate a job once they confirm it.',
  fromRatings: count({ one: 'from {count} rating', other: 'from {count} ratings' }),
  noReviews: 'No reviews yet.',
  listLabel: 'Reviews',
  noComment: 'No comment.',
  pages: 'Review pages',
});
