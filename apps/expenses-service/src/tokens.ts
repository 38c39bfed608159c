/** The dependency-injection tokens of this service (the logger's is `LOGGER` from libs/nest/logging). */

/** The parsed config (ExpensesConfig). */
export const EXPENSES_CONFIG = Symbol('EXPENSES_CONFIG');
