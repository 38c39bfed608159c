import { ValidateBy, type ValidationOptions } from 'class-validator';
import { toCalendarDate } from '../core/expenses/normalize.js';

// Decorator order in the expenses contracts: class-validator runs a property's checks bottom-up
// and the pipes report the first failure, so the type check sits nearest the property (its
// message wins for a value of the wrong kind) and limits sit above it.

/** Validates a calendar date (`YYYY-MM-DD`, or a datetime whose date part is one). */
export function IsCalendarDate(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    { name: 'isCalendarDate', validator: { validate: (value) => toCalendarDate(value) !== null } },
    options,
  );
}
