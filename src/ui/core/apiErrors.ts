// A failed call as a view sees it: codes, never the client's error class (src/app/errors.ts).
export { errorCodeOf, errorFieldOf, refusalOf } from '../../app/errors';
