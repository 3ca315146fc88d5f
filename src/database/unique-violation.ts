/** How each database reports a unique violation lives in the dialect module. */
export { isUniqueViolation } from './dialect';
