// A failed call as a view sees it: codes, never the client's error class (src/app/errors.ts).
export { errorCodeOf, errorDetailOf, errorFieldOf, refusalOf } from '../../app/errors';
